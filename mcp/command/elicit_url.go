package command

import (
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/mcpscope/mcpscope/internal/sanitize"
)

// URLCaution reads the URL a URL-mode elicitation asks a person to open
// and says what to check before opening it: the host it opens, so a
// look-alike stands out, or why it should not be opened at all. mcpscope
// never opens it; a person copies it into a browser, where a javascript:,
// data: or file: URL runs or reads something instead of showing a page,
// and "https://bank.example@evil.example/" opens evil.example. A
// character the terminal is not shown (a bidi control, a zero-width one)
// is stripped from what is printed, so the URL printed is not the one
// asked for; letters outside ASCII in the host can copy another host's.
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
	case strings.IndexFunc(raw, sanitize.Unsafe) >= 0:
		return "", "it holds characters that are not shown, so what is printed is not what it opens: do not open it"
	case u.Hostname() == "":
		return "", "it names no host: do not open it"
	case !asciiOnly(u.Hostname()):
		return u.Hostname(), "its host " + u.Hostname() + " has letters outside ASCII, which can look like another host's"
	case u.User != nil:
		return u.Hostname(), "it opens " + u.Hostname() + ": what comes before the @ is a user name, not the host"
	}
	return u.Hostname(), ""
}

// asciiOnly reports whether s holds no letter outside ASCII.
func asciiOnly(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return r >= utf8.RuneSelf }) < 0
}
