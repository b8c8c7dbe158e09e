// The table page's list of the finished hands at its table, each a link to
// its replay (which shows only the cards its reader may see).  Filled from
// the server when the table is first seen - the hands played before the page
// was opened, or while it was offline - and by each hand's result after.

import { api } from "./api.js";
import { fill, h } from "./dom.js";
import { t } from "./i18n.js";

function handLabel(handId) {
  const match = handId.match(/-t(\d+)-h(\d+)$/);
  return match ? t("table.hand_label", { table: match[1], hand: match[2] }) : handId;
}

export function makeHandsList(tournament) {
  let table = null; // the table whose hands are listed (null: none loaded)
  let ids = []; // oldest first

  const render = () => {
    fill(
      "hands",
      [...ids].reverse().map((id) => h("li", {}, h("a", { href: `/hands/${encodeURIComponent(id)}` }, handLabel(id)))),
    );
    document.getElementById("no-hands").hidden = ids.length > 0;
  };

  return {
    table: () => table,
    /** The hands of ``number`` (a new table starts a new list). */
    async load(number) {
      if (number !== table) {
        table = number;
        ids = [];
      }
      let found;
      try {
        found = await api(`/tournaments/${encodeURIComponent(tournament)}/hands?table=${number}`);
      } catch {
        render(); // the list keeps what the frames brought
        return;
      }
      if (number !== table) return; // moved on meanwhile
      const before = found.map((hand) => hand.id).filter((id) => !ids.includes(id));
      ids = [...before, ...ids];
      render();
    },
    add(id) {
      if (ids.includes(id)) return;
      ids.push(id);
      render();
    },
  };
}
