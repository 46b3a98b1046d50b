import { lazy, Suspense, type ComponentType, type JSX } from "react";

/**
 * A view in a chunk of its own, loaded when it is first shown (nothing is drawn until then): a
 * page's first paint does not wait for views it may never show.
 */
export function lazyView<P extends object>(
  load: () => Promise<ComponentType<P>>,
): (props: P) => JSX.Element {
  const View = lazy(() => load().then((component) => ({ default: component })));
  return function LazyView(props: P) {
    return (
      <Suspense fallback={null}>
        <View {...props} />
      </Suspense>
    );
  };
}
