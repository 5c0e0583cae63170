// The package's build: dist/, one file per entry of the exports map (scripts/build/README.md).
import { packageConfig } from '../../scripts/build/package-config.mjs';

export default packageConfig(import.meta.dirname);
