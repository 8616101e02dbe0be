package history

import (
	"net/url"
	"strings"
)

// Server names the server a recording is of, in the sessions listing, a
// replay and an export: its URL, or for a session of the built-in demo
// gateway (Demo) "built-in demo (/sse)", with the path it used, for the
// random port in its URL was gone when the session ended and tells the
// reader nothing.
func (h Header) Server() string {
	if !h.Demo {
		return h.URL
	}
	return "built-in demo (" + h.DemoPath() + ")"
}

// DemoPath is the path of the built-in demo gateway the recording's URL
// used (/sse, /mcp or /stateless), which a re-run against the demo uses
// again; "/sse", the demo's default, when the URL names none.
func (h Header) DemoPath() string {
	u, err := url.Parse(h.URL)
	if err != nil || strings.Trim(u.Path, "/") == "" {
		return "/sse"
	}
	return u.Path
}
