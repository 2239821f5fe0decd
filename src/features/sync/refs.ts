// How a spreadsheet's cells name the rows of the menu (a dish's `section`, `sub_category`,
// `winery` and `option_groups`, a sub-category's `section`, a sub-section's `parent`): by label, case- and
// accent-insensitive. A row renamed in the workbook's own sheet is still found by the name it had
// (the other sheets of an untouched export still say it), by its new name, and by the label its
// sheet's row writes; rows the workbook creates are found the same way.
import { foldText } from '../../i18n/text.js';
import type { DocOptionGroup, DocSection, DocSubCategory, DocWinery, MenuDocument } from './document.js';

/** A section's label in a file: its name in the default language, `Parent > Child` for a sub-section. */
const PATH = ' > ';

export class MenuRefs {
  /** Labels a row is known by besides its current name: the name it had, and what the file's rows write. */
  private readonly known = new Map<object, Set<string>>();
  private sectionIndex: Map<string, DocSection> | undefined;
  private wineryIndex: Map<string, DocWinery> | undefined;

  constructor(
    readonly doc: MenuDocument,
    readonly defaultLocale: string,
  ) {
    for (const { section, label } of this.sectionLabels()) this.alias(section, label);
    for (const section of this.allSections()) {
      for (const type of section.sub_categories ?? []) this.alias(type, this.name(type.name));
    }
    for (const winery of doc.wineries ?? []) this.alias(winery, winery.name);
    for (const group of doc.option_groups ?? []) this.alias(group, this.name(group.name));
  }

  /** The name a row goes by in the default language (else its first translation). */
  name(texts: Record<string, string> | null | undefined): string {
    return texts?.[this.defaultLocale] ?? Object.values(texts ?? {})[0] ?? '';
  }

  /** Another label a row is known by (folded, as lookups fold what they are given). */
  alias(row: object, label: string): void {
    const labels = this.known.get(row) ?? new Set<string>();
    labels.add(foldText(label.trim()));
    labels.add(normalPath(label));
    this.known.set(row, labels);
    this.changed();
  }

  /** Forget the indexes: a row was added, moved or renamed. */
  changed(): void {
    this.sectionIndex = undefined;
    this.wineryIndex = undefined;
  }

  allSections(): DocSection[] {
    return this.doc.sections.flatMap((top) => [top, ...((top.sections ?? []) as DocSection[])]);
  }

  /** Every section with its current label. */
  private sectionLabels(): { section: DocSection; label: string }[] {
    return this.doc.sections.flatMap((top) => {
      const label = this.name(top.name);
      return [
        { section: top, label },
        ...((top.sections ?? []) as DocSection[]).map((child) => ({
          section: child,
          label: `${label}${PATH}${this.name(child.name)}`,
        })),
      ];
    });
  }

  /** The section a label names (`Parent > Child` for a sub-section), or the one of this external id. */
  section(label: string, externalId?: string): DocSection | undefined {
    if (externalId) {
      const byKey = this.allSections().find((s) => s.external_id === externalId);
      if (byKey) return byKey;
    }
    if (!this.sectionIndex) {
      const index = new Map<string, DocSection>();
      // Current names win over the names rows had, and what the file writes wins over both.
      const sections = new Set<object>(this.allSections());
      for (const [row, labels] of this.known) {
        if (sections.has(row)) for (const l of labels) index.set(l, row as DocSection);
      }
      for (const { section, label } of this.sectionLabels()) {
        index.set(normalPath(label), section);
        index.set(foldText(label), section);
      }
      this.sectionIndex = index;
    }
    // The label as written first: a name may itself hold '>' (`A <b> tag`); then a path typed by
    // hand with other spacing around the '>' between a section and its sub-section.
    return this.sectionIndex.get(foldText(label)) ?? this.sectionIndex.get(normalPath(label));
  }

  /** A top-level section by its label (the `parent` of a sub-section). */
  topSection(label: string): DocSection | undefined {
    const section = this.section(label);
    return section && this.doc.sections.includes(section) ? section : undefined;
  }

  /** A sub-category of this section by its name (current, as it was, or as the file wrote it). */
  subCategory(section: DocSection, label: string): DocSubCategory | undefined {
    const wanted = foldText(label.trim());
    const types = section.sub_categories ?? [];
    return (
      types.find((t) => foldText(this.name(t.name)) === wanted) ?? types.find((t) => this.known.get(t)?.has(wanted))
    );
  }

  /** A winery by its name (current, as it was, or as the file wrote it). */
  winery(label: string): DocWinery | undefined {
    if (!this.wineryIndex) {
      const index = new Map<string, DocWinery>();
      for (const winery of this.doc.wineries ?? []) {
        for (const l of this.known.get(winery) ?? []) if (!index.has(l)) index.set(l, winery);
      }
      for (const winery of this.doc.wineries ?? []) index.set(foldText(winery.name.trim()), winery);
      this.wineryIndex = index;
    }
    return this.wineryIndex.get(foldText(label.trim()));
  }

  /** An option group by its external id, else its name (current first, then as it was or as the file wrote it). */
  optionGroup(typed: string): DocOptionGroup | undefined {
    const groups = this.doc.option_groups ?? [];
    const wanted = foldText(typed.trim());
    return (
      groups.find((g) => g.external_id === typed) ??
      groups.find((g) => foldText(this.name(g.name)) === wanted) ??
      groups.find((g) => this.known.get(g)?.has(wanted))
    );
  }
}

/** A label as lookups compare it: folded, and a path's parts joined by ` > ` whatever the spacing. */
function normalPath(label: string): string {
  return label
    .split('>')
    .map((part) => foldText(part.trim()))
    .join(PATH);
}
