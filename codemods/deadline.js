// The stable path for `jscodeshift -t`: the transform is compiled into dist/ (npm run build).
module.exports = require("../dist/codemods/deadline.js");
