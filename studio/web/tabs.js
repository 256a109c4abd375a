// ARIA tabs: a tablist of buttons, one panel each; arrow keys, Home and End
// move between the tabs (automatic activation), only the selected tab is in
// the tab order.
export class Tabs {
  constructor(list) {
    this.list = list;
    list.addEventListener("click", (e) => {
      const t = e.target.closest('[role="tab"]');
      if (t) this.show(t.dataset.tab, false);
    });
    list.addEventListener("keydown", (e) => {
      const tabs = this.tabs();
      const i = tabs.indexOf(document.activeElement);
      if (i < 0) return;
      let j;
      switch (e.key) {
        case "ArrowRight": j = (i + 1) % tabs.length; break;
        case "ArrowLeft": j = (i - 1 + tabs.length) % tabs.length; break;
        case "Home": j = 0; break;
        case "End": j = tabs.length - 1; break;
        default: return;
      }
      e.preventDefault();
      this.show(tabs[j].dataset.tab, true);
    });
  }

  tabs() {
    return [...this.list.querySelectorAll('[role="tab"]')].filter((t) => !t.hidden);
  }

  current() {
    const t = this.list.querySelector('[aria-selected="true"]');
    return t ? t.dataset.tab : "";
  }

  show(name, focus) {
    for (const t of this.list.querySelectorAll('[role="tab"]')) {
      const on = t.dataset.tab === name;
      t.setAttribute("aria-selected", on ? "true" : "false");
      t.tabIndex = on ? 0 : -1;
      t.classList.toggle("on", on);
      const panel = document.getElementById(t.getAttribute("aria-controls"));
      if (panel) panel.hidden = !on;
      if (on && focus) t.focus();
    }
  }
}
