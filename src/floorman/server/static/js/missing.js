// An address no page answers (the server's 404 for a page): said in the
// reader's language, with the way back to the lobby.

import { languageSwitch } from "./i18n.js";

languageSwitch();
