// The part of React the fixtures use (react@19 `useState`, as @types/react declares it): React is not installed here.
declare module "react" {
  export function useState<S>(initialState: S | (() => S)): [S, (value: S | ((previous: S) => S)) => void];
}
