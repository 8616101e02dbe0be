package proxy

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// A path that begins with "//" is a path on the upstream to Go, but a URL
// parser of the WHATWG kind (Node's, so the TypeScript SDK's; browsers')
// reads "//host/x", "///host/x" and even " ///host/x" as another host,
// where the client would take its POSTs and its credentials. The proxy
// made one itself: an absolute endpoint on the upstream's own origin,
// http://upstream//evil.test/x, rewritten to its path, became
// //evil.test/x. Every client must read what the proxy sends as that path
// on the proxy, and POSTs there reach the session.
func TestEndpointPathWithDoubleSlashStaysOnTheProxy(t *testing.T) {
	for _, tc := range []struct{ name, data, path string }{
		{"absolute", "{up}//evil.test/message?sessionId=b", "//evil.test/message"},
		{"relative", "///evil.test/message?sessionId=c", "///evil.test/message"},
		{"spaced", "  ///evil.test/message?sessionId=d", "///evil.test/message"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			br, base, _, say, up := laterEndpoint(t, Config{})
			say <- "event: endpoint\ndata: " + strings.ReplaceAll(tc.data, "{up}", up) + "\n\n"
			got := dataOf(t, nextEvent(t, br))
			if strings.HasPrefix(got, "//") {
				t.Fatalf("the client was pointed at %q, which a browser's URL parser reads as another host", got)
			}
			ref, err := url.Parse(got)
			if err != nil {
				t.Fatalf("the client was pointed at %q: %v", got, err)
			}
			b, _ := url.Parse(base + "/sse")
			at := b.ResolveReference(ref)
			if at.Host != b.Host || at.Path != tc.path {
				t.Fatalf("the client was pointed at %q, which is %s, want path %q on the proxy", got, at, tc.path)
			}
			resp := rawPost(t, at.String(), `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
			if body := readAll(t, resp.Body); resp.StatusCode != http.StatusAccepted {
				t.Errorf("the client's POST to %s was answered %s %q, want upstream's 202", at, resp.Status, body)
			}
		})
	}
}
