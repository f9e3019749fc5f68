"""A tiny stand-in for a scorer's thumb: reads a form as the browser would submit it and
counts every tap (a link, a chip, a button)."""

from html.parser import HTMLParser


class _Form(HTMLParser):
    def __init__(self, form_id):
        super().__init__()
        self.form_id = form_id
        self.inside = False
        self.fields = []  # (name, value, type, checked)
        self.links = {}

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "a" and attrs.get("href"):
            self.links[attrs.get("class", "") + "|" + attrs["href"]] = attrs["href"]
        if tag == "form":
            self.inside = attrs.get("id") == self.form_id
        if not self.inside or tag not in ("input", "textarea", "select"):
            return
        kind = attrs.get("type", "text")
        self.fields.append((attrs.get("name"), attrs.get("value", ""), kind, "checked" in attrs))

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False


class Thumb:
    """Taps on a page of the Django test client; ``taps`` counts them."""

    def __init__(self, client, url, form_id="hand"):
        self.client, self.form_id, self.taps = client, form_id, 0
        self.load(client.get(url))

    def load(self, response):
        assert response.status_code == 200, response.status_code
        self.html = response.content.decode()
        parser = _Form(self.form_id)
        parser.feed(self.html)
        self.links = list(parser.links.values())
        self.data = {}
        self.kinds = {}
        for name, value, kind, checked in parser.fields:
            if not name:
                continue
            self.kinds[name] = kind
            if kind in ("radio", "checkbox"):
                if checked:
                    self.data.setdefault(name, []).append(value)
            elif kind not in ("submit", "button"):
                self.data[name] = [value]

    def link(self, href_part):
        """Tap a link (an outcome button): the page it leads to."""
        href = next(h for h in self.links if href_part in h)
        self.taps += 1
        self.load(self.client.get(href))

    def chip(self, name, value):
        """Tap a chip: a radio is chosen, a checkbox toggled."""
        self.taps += 1
        value = str(value)
        if self.kinds.get(name) == "checkbox":
            values = self.data.setdefault(name, [])
            values.remove(value) if value in values else values.append(value)
        else:
            self.data[name] = [value]

    def submit(self, url, action="save"):
        self.taps += 1
        data = {k: v for k, v in self.data.items()}
        data["action"] = [action]
        return self.client.post(url, data)
