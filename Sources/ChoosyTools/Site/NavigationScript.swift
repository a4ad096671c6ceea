import ChoosyCatalog

/// The navigation part of the site's one script (`SiteScript` composes it): the sidebar, served
/// closed so that a phone shows the page's own content first and nothing moves once the
/// script runs, opens where it is a column beside the page; and a box that scrolls
/// sideways (a wide table, a long example) takes the keyboard focus, so it can be scrolled
/// without a mouse.
enum NavigationScript {
    static let source = #"""
        // Navigation: the sidebar (SiteNavigation.swift), served closed, opens from the width where
        // it is a column of its own (NavigationStyle.swift); scrolling boxes join the tab order.
        document.addEventListener("DOMContentLoaded", () => {
          const sidebar = document.getElementById("sidebar");
          if (sidebar && !window.matchMedia("(max-width: 40rem)").matches) sidebar.open = true;
          // Landmarks need distinct names: a repeated one is numbered.
          const names = new Map();
          for (const box of document.querySelectorAll("main div, main pre")) {
            if (box.scrollWidth <= box.clientWidth || getComputedStyle(box).overflowX !== "auto") continue;
            box.tabIndex = 0;
            box.setAttribute("role", "region");
            const table = box.querySelector("table");
            const name = table ? table.getAttribute("aria-label") ?? table.caption?.textContent ?? "Table" : "Example";
            const count = (names.get(name) ?? 0) + 1;
            names.set(name, count);
            box.setAttribute("aria-label", name + (count > 1 ? " " + count : "") + " (scrolls sideways)");
          }
        });

        """#
}
