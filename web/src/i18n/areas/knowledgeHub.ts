// The knowledge hub's strings: they load with the chunk that imports this module, before it renders (i18n/index.ts).
import { loadArea } from '../index.ts';

void loadArea('knowledgeHub');
