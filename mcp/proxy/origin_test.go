package proxy

import "testing"

// A redirect on the upstream's own origin goes back through the proxy
// however the origin is spelled (the default port written out, the host in
// capitals); one to another origin stays as upstream wrote it.
func TestRedirectOnTheUpstreamsOriginComesBackThroughTheProxy(t *testing.T) {
	p, err := New(Config{Upstream: "http://gateway.test/mcp"})
	if err != nil {
		t.Fatal(err)
	}
	for loc, want := range map[string]string{
		"/next":                         "/next",
		"http://gateway.test/next?a=1":  "/next?a=1",
		"http://gateway.test:80/next":   "/next",
		"HTTP://GATEWAY.test/next":      "/next",
		"https://gateway.test/next":     "https://gateway.test/next",
		"http://gateway.test:8080/next": "http://gateway.test:8080/next",
		"http://elsewhere.test/next":    "http://elsewhere.test/next",
	} {
		if got := p.local(loc); got != want {
			t.Errorf("Location %q relayed as %q, want %q", loc, got, want)
		}
	}
}
