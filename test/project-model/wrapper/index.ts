export { confirm as confirmWithPerson } from "./ui.js";
export * from "./ui.js";
