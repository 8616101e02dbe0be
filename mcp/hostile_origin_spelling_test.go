package mcp

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server's endpoint event can name the origin the session started at in
// another spelling. The same server spelled otherwise (the scheme in
// capitals, the host in capitals, the port with leading zeros, which
// net/http dials as the number it spells) is that origin: the POSTs go
// there with the user's token. It used to refuse a port with a leading
// zero as "another origin, http://127.0.0.1:09450, not
// http://127.0.0.1:9450".
func TestEndpointOnTheSameOriginSpelledOtherwise(t *testing.T) {
	for _, c := range []struct {
		name    string
		home    func(base string) string // the URL the user names
		respell func(base, id string) string
	}{
		{"scheme and host in capitals", func(b string) string { return strings.Replace(b, "127.0.0.1", "localhost", 1) + "/sse" },
			func(b, id string) string {
				return "HTTP://LOCALHOST" + strings.TrimPrefix(b, "http://127.0.0.1") + "/sse?sessionid=" + id
			}},
		{"port with leading zeros", func(b string) string { return b + "/sse" },
			func(b, id string) string {
				return strings.Replace(b, "127.0.0.1:", "127.0.0.1:00", 1) + "/sse?sessionid=" + id
			}},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := mcptest.New(t, mcptest.Options{RequireBearer: "s3cret", Endpoint: c.respell})
			s, _ := connect(t, Config{URL: c.home(srv.URL), Transport: TransportSSE, Bearer: "s3cret"})
			if _, err := s.Initialize(testCtx(t)); err != nil {
				t.Fatalf("initialize, POSTed to %s: %v", c.respell(srv.URL, "ID"), err)
			}
		})
	}
}

// Another origin spelled like the session's own (the host with a trailing
// dot, another name or number for the same address) is refused: the
// origin check goes by what the URL says, as browsers do.
func TestEndpointOnAnotherOriginSpelledAlike(t *testing.T) {
	for _, host := range []string{"127.0.0.1.", "localhost", "2130706433", "[::1]"} {
		srv := mcptest.New(t, mcptest.Options{Endpoint: func(b, id string) string {
			return strings.Replace(b, "127.0.0.1", host, 1) + "/sse?sessionid=" + id
		}})
		s := NewSession(credentialed(srv.URL + "/sse"))
		err := s.Connect(testCtx(t))
		s.Close()
		if CauseOf(err) != CauseCrossOrigin {
			t.Errorf("endpoint on %s: Connect = %v, want it refused as another origin", host, err)
		}
	}
}

// A user and password in the endpoint event are the server's, not the
// user's: they are never sent (net/http would send them as basic auth on
// every POST, here to an origin the user allowed), nor kept in the URL the
// POSTs go to.
func TestEndpointUserinfoIsNotSent(t *testing.T) {
	other := newCollector(t)
	srv := mcptest.New(t, mcptest.Options{Endpoint: func(_, id string) string {
		return strings.Replace(other.URL, "http://", "http://evil:pw-from-server@", 1) + "/x?sessionid=" + id
	}})
	cfg := Config{URL: srv.URL + "/sse", Transport: TransportSSE, AllowOrigins: []string{other.URL}}
	s, rec := connect(t, cfg)
	if err := s.Notify(testCtx(t), "notifications/initialized", nil); err != nil {
		t.Fatalf("Notify: %v", err)
	}
	other.waitRequests(t, 1)
	if got := other.requests()[0].Get("Authorization"); got != "" {
		t.Errorf("the POST carried Authorization: %s, the endpoint's userinfo as basic auth", got)
	}
	ep := rec.waitFor(t, "the endpoint", func(r Record) bool { return r.Kind == KindEndpoint })
	if strings.Contains(ep.Endpoint.InUse, "evil") {
		t.Errorf("the POSTs go to %s, with the endpoint's userinfo", ep.Endpoint.InUse)
	}
}
