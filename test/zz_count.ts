import { simplePaths } from '../machines/paths/model';
import { webStatusSimpleModel } from '../machines/paths/webStatus';
console.time('s'); console.log(simplePaths(webStatusSimpleModel).length); console.timeEnd('s');
