package mcp

import (
	"net/url"
	"strings"
	"testing"
)

// FuzzResolveEndpoint: whatever a server puts in its endpoint event, and
// whatever URL the user typed, resolving it never panics; every URL it
// gives back parses again as the string that will be POSTed to; the
// fallback stays on the stream's origin and the prefixed guess on the
// preferred URL's, so the origin check made on the preferred URL covers
// them; and a session id found is the one the fallback carries.
func FuzzResolveEndpoint(f *testing.F) {
	for _, seed := range []struct{ stream, data string }{
		{"http://127.0.0.1:8811/sse", "?sessionid=ABCDEFGHIJKLMNOPQRSTUVWXYZ"},
		{"http://127.0.0.1:8811/sse", "/sse?sessionid=A"},
		{"localhost:9600/gw/api/sse", "/api/message?sessionId=1b4e28ba-2fa1-11d2-883f-0016d3cca427"},
		{"http://h/gw/sse", "/messages/?session_id=abc&x=%zz"},
		{"https://H:443/a/b/sse/", "http://evil.example:80/message?SESSION_ID=x#frag"},
		{"http://[::1]:9600/sse?token=t", "//other/x?sessionid=%2F%3F"},
		{"http://u:p@h/sse", "javascript:alert(1)"},
		{"http://h/sse", " \t/sse\r\n"},
		{"http://h/%2Fgw/sse", "/%2e%2e/x?sessionid=a+b"},
		{"http://h/gw/sse", "http:\\\\evil/x"},
	} {
		f.Add(seed.stream, seed.data)
	}
	f.Fuzz(func(t *testing.T, stream, data string) {
		su, err := TargetURL(stream)
		if err != nil {
			return
		}
		if su.Scheme != "http" && su.Scheme != "https" || su.Hostname() == "" {
			t.Fatalf("TargetURL(%q) = %q, which is not an http(s) URL with a host", stream, su)
		}
		ep, err := ResolveEndpoint(su, data)
		if err != nil {
			if ep != nil {
				t.Fatalf("ResolveEndpoint(%q, %q) gave an endpoint and an error", su, data)
			}
			return
		}
		preferred, err := url.Parse(ep.Preferred)
		if err != nil {
			t.Fatalf("ResolveEndpoint(%q, %q): preferred %q does not parse: %v", su, data, ep.Preferred, err)
		}
		if ep.InUse != ep.Preferred {
			t.Fatalf("ResolveEndpoint(%q, %q): in use %q, not the preferred %q", su, data, ep.InUse, ep.Preferred)
		}
		if ep.Fallback != "" {
			fb, err := url.Parse(ep.Fallback)
			if err != nil {
				t.Fatalf("ResolveEndpoint(%q, %q): fallback %q does not parse: %v", su, data, ep.Fallback, err)
			}
			if !SameOrigin(fb, su) {
				t.Fatalf("ResolveEndpoint(%q, %q): fallback %q leaves the stream's origin", su, data, ep.Fallback)
			}
			if got := fb.Query().Get("sessionid"); got != ep.SessionID {
				t.Fatalf("ResolveEndpoint(%q, %q): fallback %q carries session %q, not %q", su, data, ep.Fallback, got, ep.SessionID)
			}
		}
		if ep.Prefixed != "" {
			pu, err := url.Parse(ep.Prefixed)
			if err != nil {
				t.Fatalf("ResolveEndpoint(%q, %q): prefixed %q does not parse: %v", su, data, ep.Prefixed, err)
			}
			if !SameOrigin(pu, preferred) {
				t.Fatalf("ResolveEndpoint(%q, %q): prefixed %q leaves the preferred %q's origin", su, data, ep.Prefixed, ep.Preferred)
			}
			if ep.Prefixed == ep.Preferred || strings.TrimSpace(ep.Prefixed) == "" {
				t.Fatalf("ResolveEndpoint(%q, %q): prefixed %q says nothing new", su, data, ep.Prefixed)
			}
		}
		o, err := newOrigins(su, nil)
		if err != nil {
			t.Fatal(err)
		}
		if o.check(preferred, "the endpoint event", CauseBadEndpoint) == nil && !SameOrigin(preferred, su) {
			t.Fatalf("the origin check let %q through from a stream at %q", ep.Preferred, su)
		}
	})
}
