/**
 * The compiler's AST read for the debugger's Variables: each function's parameters, named
 * returns and locals with their types, where each sits on the stack (legacy pipeline, counted
 * from the function's first parameter) and where in the source each is in scope. No React.
 *
 * The legacy code generator's layout (what Remix's debugger counts on too): at a function's entry
 * the caller has pushed the return address and then the parameters; the function pushes its
 * return variables (zeroed), then each local as its declaration statement completes, in order; a
 * block's locals are popped at its end, so a later block reuses their slots. A `for` statement's
 * initial declaration lives until the loop's end. A local is in scope from its declaration
 * statement to the end of the enclosing block, and holds its value once the statement is done.
 */
import { z } from "../platform/zod";
import { stackSlots, type DataLocation, type VarType } from "./types";

export interface VariableDecl {
  name: string;
  type: VarType;
  location: DataLocation;
  role: "parameter" | "return" | "local";
  /** The compiler's text of its type (`struct Orders.Order storage pointer`): a storage one's layout label. */
  typeString: string;
  /** First stack slot, counted from the function's first parameter's (0). */
  slot: number;
  slots: number;
  /** The declaring statement's byte range (a local has no value before its end). */
  declStart: number;
  declEnd: number;
  /** The end of the block it is declared in (bytes; exclusive). */
  scopeEnd: number;
}

export interface FunctionVars {
  name: string;
  path: string;
  /** The declaration's byte range. */
  start: number;
  end: number;
  params: VariableDecl[];
  returns: VariableDecl[];
  locals: VariableDecl[];
  paramSlots: number;
  /** Modifiers put their own values between the parameters and the body's: not located. */
  modified: boolean;
}

export interface ContractVariables {
  functions: FunctionVars[];
}

type Node = Record<string, unknown>;

const outputSchema = z.looseObject({
  sources: z.record(z.string(), z.looseObject({ id: z.int(), ast: z.looseObject({}) })),
  errors: z.nullish(
    z.array(z.looseObject({ severity: z.string(), formattedMessage: z.nullish(z.string()) })),
  ),
});

/** The compile's errors (severity "error"), or why the output is not one. */
export function compileErrors(output: unknown): string[] {
  const parsed = outputSchema.safeParse(output);
  if (!parsed.success) {
    const errs = z
      .looseObject({ errors: z.array(z.looseObject({ severity: z.string() })) })
      .safeParse(output);
    if (errs.success)
      return errs.data.errors
        .filter((e) => e.severity === "error")
        .map((e) => String(e.formattedMessage ?? e.message ?? "error"));
    return ["the compiler's answer is not an AST"];
  }
  return (parsed.data.errors ?? [])
    .filter((e) => e.severity === "error")
    .map((e) => e.formattedMessage ?? "error");
}

const isNode = (v: unknown): v is Node => typeof v === "object" && v !== null && !Array.isArray(v);
const nodes = (v: unknown): Node[] => (Array.isArray(v) ? v.filter(isNode) : []);
const str = (v: unknown): string => (typeof v === "string" ? v : "");

function range(n: Node): { start: number; end: number; file: number } {
  const [s = "-1", l = "0", f = "-1"] = str(n.src).split(":");
  const start = Number(s);
  return { start, end: start + Number(l), file: Number(f) };
}

/** Every node by id (declarations referenced by types). */
function indexIds(root: unknown, out: Map<number, Node>): void {
  const stack: unknown[] = [root];
  while (stack.length) {
    const n = stack.pop();
    if (Array.isArray(n)) stack.push(...n);
    else if (isNode(n)) {
      if (typeof n.id === "number" && typeof n.nodeType === "string") out.set(n.id, n);
      for (const v of Object.values(n)) if (typeof v === "object" && v !== null) stack.push(v);
    }
  }
}

function typeOf(t: unknown, ids: Map<number, Node>, depth = 0): VarType {
  const label = isNode(t) && isNode(t.typeDescriptions) ? str(t.typeDescriptions.typeString) : "?";
  if (!isNode(t) || depth > 8) return { kind: "other", label };
  switch (t.nodeType) {
    case "ElementaryTypeName": {
      const name = str(t.name);
      const m = /^(u?int)(\d*)$/.exec(name);
      if (m) return { kind: m[1] === "uint" ? "uint" : "int", bits: Number(m[2] || "256"), label };
      if (name === "address" || name === "address payable") return { kind: "address", label };
      if (name === "bool") return { kind: "bool", label };
      if (name === "string") return { kind: "string", label: "string" };
      if (name === "bytes") return { kind: "bytes", label: "bytes" };
      const b = /^bytes(\d+)$/.exec(name);
      if (b) return { kind: "fixedBytes", size: Number(b[1]), label };
      return { kind: "other", label };
    }
    case "ArrayTypeName": {
      const base = typeOf(t.baseType, ids, depth + 1);
      const len = isNode(t.length) && typeof t.length.value === "string" ? t.length.value : null;
      const length = len !== null && /^\d+$/.test(len) ? Number(len) : null;
      return { kind: "array", base, length, label: `${base.label}[${length ?? ""}]` };
    }
    case "Mapping":
      return { kind: "mapping", label };
    case "UserDefinedTypeName": {
      const def =
        typeof t.referencedDeclaration === "number" ? ids.get(t.referencedDeclaration) : undefined;
      const name = def ? str(def.name) : label;
      if (def?.nodeType === "StructDefinition")
        return {
          kind: "struct",
          label: name,
          members: nodes(def.members).map((m) => ({
            name: str(m.name),
            type: typeOf(m.typeName, ids, depth + 1),
          })),
        };
      if (def?.nodeType === "EnumDefinition")
        return { kind: "enum", label: name, members: nodes(def.members).map((m) => str(m.name)) };
      if (def?.nodeType === "ContractDefinition") return { kind: "address", label: name };
      if (def?.nodeType === "UserDefinedValueTypeDefinition") {
        const inner = typeOf(def.underlyingType, ids, depth + 1);
        return { ...inner, label: name } as VarType;
      }
      return { kind: "other", label };
    }
    default:
      return { kind: "other", label };
  }
}

function locationOf(decl: Node, type: VarType): DataLocation {
  const loc = str(decl.storageLocation);
  if (loc === "memory" || loc === "calldata" || loc === "storage") return loc;
  return type.kind === "mapping" ? "storage" : "stack";
}

function declare(
  d: Node,
  role: VariableDecl["role"],
  slot: number,
  ids: Map<number, Node>,
  stmt: { start: number; end: number },
  scopeEnd: number,
): VariableDecl {
  const type = typeOf(d.typeName, ids);
  const location = locationOf(d, type);
  const desc = isNode(d.typeDescriptions) ? str(d.typeDescriptions.typeString) : "";
  return {
    name: str(d.name),
    type,
    location,
    role,
    typeString: desc,
    slot,
    slots: stackSlots(type, location),
    declStart: stmt.start,
    declEnd: stmt.end,
    scopeEnd,
  };
}

/** The locals of a statement, pushed from `depth` (slots above the returns). */
function walk(
  n: unknown,
  depth: number,
  scopeEnd: number,
  ids: Map<number, Node>,
  out: VariableDecl[],
): void {
  if (!isNode(n)) return;
  switch (n.nodeType) {
    case "Block":
    case "UncheckedBlock": {
      const end = range(n).end;
      let d = depth;
      for (const s of nodes(n.statements)) {
        if (s.nodeType === "VariableDeclarationStatement") d = declareAll(s, d, end, ids, out);
        else walk(s, d, end, ids, out);
      }
      return;
    }
    case "ForStatement": {
      const end = range(n).end;
      let d = depth;
      const init = n.initializationExpression;
      if (isNode(init) && init.nodeType === "VariableDeclarationStatement")
        d = declareAll(init, d, end, ids, out);
      walk(n.body, d, end, ids, out);
      return;
    }
    case "IfStatement":
      walk(n.trueBody, depth, scopeEnd, ids, out);
      walk(n.falseBody, depth, scopeEnd, ids, out);
      return;
    case "WhileStatement":
    case "DoWhileStatement":
      walk(n.body, depth, scopeEnd, ids, out);
      return;
    case "TryStatement":
      for (const c of nodes(n.clauses)) {
        const block = c.block;
        const end = isNode(block) ? range(block).end : scopeEnd;
        let d = depth;
        const params = isNode(c.parameters) ? nodes(c.parameters.parameters) : [];
        for (const p of params) {
          const v = declare(p, "local", d, ids, range(c), end);
          out.push(v);
          d += v.slots;
        }
        walk(block, d, end, ids, out);
      }
      return;
    default:
      return;
  }
}

function declareAll(
  s: Node,
  depth: number,
  scopeEnd: number,
  ids: Map<number, Node>,
  out: VariableDecl[],
): number {
  let d = depth;
  const stmt = range(s);
  const decls = Array.isArray(s.declarations) ? s.declarations : [];
  for (const d0 of decls) {
    if (!isNode(d0)) continue; // `(, x) = …`: the skipped value is popped
    const v = declare(d0, "local", d, ids, stmt, scopeEnd);
    out.push(v);
    d += v.slots;
  }
  return d;
}

/** Each function of the compile's sources, with its variables laid out on the stack. */
export function contractVariables(output: unknown): ContractVariables {
  const parsed = outputSchema.safeParse(output);
  if (!parsed.success) return { functions: [] };
  const ids = new Map<number, Node>();
  const paths = new Map<number, string>();
  for (const [path, s] of Object.entries(parsed.data.sources)) {
    paths.set(s.id, path);
    indexIds(s.ast, ids);
  }
  const functions: FunctionVars[] = [];
  for (const n of ids.values()) {
    if (n.nodeType !== "FunctionDefinition" || !isNode(n.body)) continue;
    const r = range(n);
    const path = paths.get(r.file);
    if (path === undefined) continue;
    const whole = { start: r.start, end: r.end };
    let slot = 0;
    const params: VariableDecl[] = [];
    for (const p of isNode(n.parameters) ? nodes(n.parameters.parameters) : []) {
      const v = declare(p, "parameter", slot, ids, whole, r.end);
      params.push(v);
      slot += v.slots;
    }
    const paramSlots = slot;
    const returns: VariableDecl[] = [];
    for (const p of isNode(n.returnParameters) ? nodes(n.returnParameters.parameters) : []) {
      const v = declare(p, "return", slot, ids, whole, r.end);
      returns.push(v);
      slot += v.slots;
    }
    const locals: VariableDecl[] = [];
    walk(n.body, 0, r.end, ids, locals);
    for (const l of locals) l.slot += slot;
    functions.push({
      name: str(n.name) || str(n.kind),
      path,
      start: r.start,
      end: r.end,
      params,
      returns,
      locals,
      paramSlots,
      modified: nodes(n.modifiers).length > 0,
    });
  }
  functions.sort((a, b) => a.path.localeCompare(b.path) || a.start - b.start);
  return { functions };
}

/** The function declared at `start` in `path`, else the innermost one holding [start, end). */
export function functionAt(
  vars: ContractVariables,
  path: string,
  start: number,
  end: number,
): FunctionVars | null {
  let best: FunctionVars | null = null;
  for (const f of vars.functions) {
    if (f.path !== path) continue;
    if (f.start === start) return f;
    if (f.start <= start && f.end >= end && (!best || f.start >= best.start)) best = f;
  }
  return best;
}
