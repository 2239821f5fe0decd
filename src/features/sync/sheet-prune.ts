// A spreadsheet's prune: what the file does not list is left out of the document it makes, so the
// apply's prune (apply.ts, with its guard: every dish or more than half needs `confirm_delete`)
// deletes it. A file is laid over the whole current menu (menu-sheets.ts), so without this every
// row is in the document and a prune deleted nothing. Only the kinds the file holds a table of are
// pruned (a sheet left out changes nothing of its kind: a CSV of dishes prunes dishes, the options'
// CSV option groups and options, a workbook each kind it has a sheet of), and a row a listed row
// still needs is kept: the section or sub-category a kept dish is in, the winery it names, the
// option groups a listed dish names, a section still holding kept rows.
import type { DocItem, DocOptionGroup, DocSection, DocSubCategory, DocWinery, MenuDocument } from './document.js';

/** The kinds of rows a file holds a table of. */
export interface Covered {
  items: boolean;
  sections: boolean;
  sub_categories: boolean;
  wineries: boolean;
  option_groups: boolean;
}

/** Leaves out of `doc` every row of a covered kind that `listed` (the rows laid from the file) does not hold and no kept row needs. */
export function leaveOutUnlisted(doc: MenuDocument, covered: Covered, listed: ReadonlySet<object>): void {
  const kept = (covers: boolean, row: object) => !covers || listed.has(row);
  const allSections = () => doc.sections.flatMap((top) => [top, ...((top.sections ?? []) as DocSection[])]);

  // Dishes first: what they name keeps the rows they name.
  const items = allSections().flatMap((section) => {
    section.items = ((section.items ?? []) as DocItem[]).filter((item) => kept(covered.items, item));
    return section.items as DocItem[];
  });
  const typeIds = new Set(items.map((item) => item.type_id).filter((id) => typeof id === 'number'));
  const wineryIds = new Set(items.map((item) => item.winery_id).filter((id) => typeof id === 'number'));

  if (covered.sub_categories) {
    for (const section of allSections()) {
      section.sub_categories = ((section.sub_categories ?? []) as DocSubCategory[]).filter(
        (type) => listed.has(type) || (typeof type.id === 'number' && typeIds.has(type.id)),
      );
    }
  }
  if (covered.sections) {
    const holds = (section: DocSection) =>
      listed.has(section) || (section.items ?? []).length > 0 || (section.sub_categories ?? []).length > 0;
    for (const top of doc.sections) top.sections = ((top.sections ?? []) as DocSection[]).filter(holds);
    doc.sections = doc.sections.filter((top) => holds(top) || (top.sections ?? []).length > 0);
  }
  if (covered.wineries) {
    doc.wineries = ((doc.wineries ?? []) as DocWinery[]).filter(
      (winery) => listed.has(winery) || (typeof winery.id === 'number' && wineryIds.has(winery.id)),
    );
  }
  if (covered.option_groups) {
    // A group a listed dish names is kept; a dish the file does not list keeps its groups as they
    // are (no `option_groups` in its row), so a group left out is taken off it by the prune.
    const named = new Set<number | string>();
    for (const item of items) {
      if (!listed.has(item)) {
        delete item.option_groups;
        continue;
      }
      for (const ref of item.option_groups ?? []) named.add(ref.external_id ?? ref.id ?? 0);
    }
    doc.option_groups = ((doc.option_groups ?? []) as DocOptionGroup[]).filter(
      (group) =>
        listed.has(group) ||
        (typeof group.id === 'number' && named.has(group.id)) ||
        (typeof group.external_id === 'string' && named.has(group.external_id)),
    );
    // A group the file lists loses the options it does not; one kept only because a dish names it is left whole.
    for (const group of doc.option_groups) {
      if (listed.has(group)) group.options = (group.options ?? []).filter((option) => listed.has(option));
    }
  }
}
