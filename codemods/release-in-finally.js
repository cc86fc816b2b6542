// The stable path for `jscodeshift -t`: the transform is compiled into dist/ (npm run build).
module.exports = require("../dist/codemods/release-in-finally.js");
