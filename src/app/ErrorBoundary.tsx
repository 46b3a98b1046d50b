import { Component, type ErrorInfo, type ReactNode } from "react";

interface Props {
  name: string;
  children: ReactNode;
}
interface State {
  error: Error | null;
}

/** One per route: a view that throws shows what broke and how to recover; the rest keeps working. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // Kept for the developer console; carries no request data, so no key can leak here.
    console.warn(
      `[${this.props.name}] view error:`,
      error.message,
      info.componentStack?.split("\n")[1] ?? "",
    );
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <div
        role="alert"
        className="rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
      >
        <p className="font-semibold">The {this.props.name} view hit an unexpected problem.</p>
        <p className="mt-1 break-words">{this.state.error.message}</p>
        <button
          type="button"
          className="mt-2 rounded bg-red-700 px-2 py-1 text-xs font-medium text-white"
          onClick={() => this.setState({ error: null })}
        >
          Try again
        </button>
      </div>
    );
  }
}
