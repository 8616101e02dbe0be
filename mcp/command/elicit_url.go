package command

import (
	"net/url"
	"strings"
)

// URLCaution reads the URL a URL-mode elicitation asks a person to open
// and says what to check before opening it: the host it opens, so a
// look-alike stands out, or why it should not be opened at all. mcpscope
// never opens it; a person copies it into a browser, where a javascript:,
// data: or file: URL runs or reads something instead of showing a page,
// and "https://bank.example@evil.example/" opens evil.example.
func URLCaution(raw string) (host, caution string) {
	u, err := url.Parse(strings.TrimSpace(raw))
	switch {
	case err != nil || raw == "":
		return "", "it is no URL: do not open it"
	case u.Scheme != "http" && u.Scheme != "https":
		if u.Scheme == "" {
			return "", "it has no scheme (http or https): do not open it"
		}
		return "", "a " + strings.ToLower(u.Scheme) + ": URL, not http(s): do not open it"
	case u.Hostname() == "":
		return "", "it names no host: do not open it"
	case u.User != nil:
		return u.Hostname(), "it opens " + u.Hostname() + ": what comes before the @ is a user name, not the host"
	}
	return u.Hostname(), ""
}
