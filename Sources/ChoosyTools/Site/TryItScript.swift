import ChoosyCore

/// What "Try it" adds to each rendering in the docs site's script: the URL the client opens as
/// a link, a button that copies it and one that shows its QR code (`QRCodeScript`), so a phone
/// opens the app with it; and the form's values kept in the page address (`#text=hello&via=me`), so a link
/// fills the form again. Built with DOM calls and `textContent` only.
enum TryItScript {
    static let source = #"""
        // TryIt.share(row, url, app, status): the link, copy button and QR code of a row of Try it;
        // TryIt.valuesInAddress() and TryIt.keepInAddress(inputs): the form's values in the fragment;
        // TryIt.copy(text, source): copies text, or selects source for the reader to copy.
        const TryIt = (() => {
          // Schemes that run script or make a document of the URL itself: never a link.
          const REFUSED = new Set(["javascript:", "data:", "vbscript:"]);

          // Whether a link may point at url: an absolute URL, read as the browser reads an
          // href (white space and control characters stripped), of a scheme not refused.
          function isLinkable(url) {
            try {
              return !REFUSED.has(new URL(url).protocol);
            } catch {
              return false;
            }
          }

          async function copy(text, source) {
            try {
              await navigator.clipboard.writeText(text);
              return true;
            } catch {
              // No clipboard API (an insecure context, or permission refused): copy the selection.
              const selection = window.getSelection();
              const range = document.createRange();
              range.selectNodeContents(source);
              selection.removeAllRanges();
              selection.addRange(range);
              const copied = document.execCommand("copy");
              selection.removeAllRanges();
              return copied;
            }
          }

          // The opened URL of a row: a link when it may be one, else text; then, when there is a
          // URL, the copy button and the QR code's button in the row's .share.
          function share(row, url, app, status) {
            const output = row.querySelector("output");
            const code = document.createElement("code");
            code.textContent = url ?? "";
            if (!url) {
              output.replaceChildren();
            } else if (isLinkable(url)) {
              const link = document.createElement("a");
              link.className = "opened";
              link.href = url;
              link.append(code);
              output.replaceChildren(link);
            } else {
              output.replaceChildren(code);
            }
            let box = row.querySelector(".share");
            if (!box) {
              box = document.createElement("div");
              box.className = "share";
              // Under what the row says the client opens, above what it drops and warns of.
              row.querySelector(".dropped").before(box);
            }
            box.replaceChildren();
            if (!url) return;
            const button = document.createElement("button");
            button.type = "button";
            button.className = "copy";
            button.textContent = "Copy";
            button.setAttribute("aria-label", "Copy the URL for " + app);
            button.addEventListener("click", async () => {
              // Emptied first, so a second copy of the same URL is announced again.
              status.textContent = "";
              const copied = await copy(url, code);
              status.textContent = copied ? "Copied the URL for " + app + "." : "Could not copy: select the URL for " + app + " and copy it.";
              button.textContent = copied ? "Copied" : "Copy";
            });
            box.append(button, qrButton(row, url, app));
            if (row.dataset.qr === "shown") showQRCode(box, url, app);
          }

          // The button that shows the row's QR code, or hides it again: a code is drawn only on
          // request, since a phone cannot scan its own screen and a page of codes is long.
          // The row remembers it, so the code follows the URL as values are typed.
          function qrButton(row, url, app) {
            const button = document.createElement("button");
            button.type = "button";
            button.className = "show-qr";
            button.textContent = "QR code";
            button.setAttribute("aria-label", "QR code of the URL for " + app);
            button.setAttribute("aria-expanded", row.dataset.qr === "shown" ? "true" : "false");
            button.addEventListener("click", () => {
              const box = row.querySelector(".share");
              const shown = row.dataset.qr === "shown";
              row.dataset.qr = shown ? "" : "shown";
              button.setAttribute("aria-expanded", shown ? "false" : "true");
              if (shown) {
                box.querySelector(".qr, .qr-note")?.remove();
              } else {
                showQRCode(box, url, app);
              }
            });
            return button;
          }

          // The QR code of url at the end of box, or why there is none.
          function showQRCode(box, url, app) {
            const qr = QRCode.encode(url);
            if (qr === null) {
              const note = document.createElement("p");
              note.className = "qr-note";
              note.textContent = "No QR code: the URL is longer than the " + QRCode.capacity + " bytes one holds.";
              box.append(note);
            } else {
              box.append(QRCode.svg(qr, "QR code of the URL for " + app));
            }
          }

          // The values the page address holds (its fragment, as a query: text=hello&via=me), or
          // null when the fragment is none or names a section.
          function valuesInAddress() {
            const fragment = window.location.hash.slice(1);
            return fragment.includes("=") ? new URLSearchParams(fragment) : null;
          }

          // Writes the inputs' non-empty values to the fragment, in the inputs' order, without a
          // history entry; with none left, removes a fragment of values (not a section's). Try
          // it's own permalink then links the values, so following it keeps what was typed.
          function keepInAddress(inputs) {
            const values = new URLSearchParams();
            for (const input of inputs) if (input.value !== "") values.append(input.name, input.value);
            const fragment = values.toString();
            const permalink = document.querySelector("#try-it .permalink");
            if (permalink) permalink.setAttribute("href", fragment === "" ? "#try-it" : "#" + fragment);
            if (fragment === "" && valuesInAddress() === null) return;
            const address = window.location.pathname + window.location.search + (fragment === "" ? "" : "#" + fragment);
            history.replaceState(null, "", address);
          }

          return { share, valuesInAddress, keepInAddress, copy };
        })();

        """#
}
