package mcp

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

func TestResolveEndpointKeepsTheStreamPrefix(t *testing.T) {
	tests := []struct{ stream, data, want string }{
		// TypeScript, mcp-go and Python shapes behind a proxy serving /gw.
		{"http://h/gw/sse", "/message?sessionId=s", "http://h/gw/message?sessionId=s"},
		{"http://h/gw/sse", "/messages/?session_id=s", "http://h/gw/messages/?session_id=s"},
		{"http://h/a/b/sse/", "/message?sessionId=s", "http://h/a/b/message?sessionId=s"},
		// The server's own base path (/api) behind the proxy's (/gw).
		{"http://h/gw/api/sse", "/api/message?sessionId=s", "http://h/gw/api/message?sessionId=s"},
		// Nothing to keep: no prefix, the prefix already there, a
		// relative reference, another origin.
		{"http://h/sse", "/message?sessionId=s", ""},
		{"http://h/gw/sse", "/gw/message?sessionId=s", ""},
		{"http://h/api/sse", "/api/message?sessionId=s", ""},
		{"http://h/gw/sse", "?sessionid=s", ""},
		{"http://h/gw/sse", "message?sessionId=s", ""},
		{"http://h/gw/sse", "http://h/message?sessionId=s", ""},
		{"http://h/gw/sse", "//other/message", ""},
	}
	for _, tt := range tests {
		u, _ := url.Parse(tt.stream)
		ep, err := ResolveEndpoint(u, tt.data)
		if err != nil {
			t.Fatalf("ResolveEndpoint(%q, %q): %v", tt.stream, tt.data, err)
		}
		if ep.Prefixed != tt.want {
			t.Errorf("ResolveEndpoint(%q, %q).Prefixed = %q, want %q", tt.stream, tt.data, ep.Prefixed, tt.want)
		}
	}
}

func TestSessionPostsUnderTheProxyPrefix(t *testing.T) {
	for _, shape := range []struct {
		name     string
		endpoint mcptest.EndpointFunc
		path     string
	}{
		{"message", mcptest.EndpointMessage, "/gw/message"},
		{"python", mcptest.EndpointPython, "/gw/messages/"},
	} {
		t.Run(shape.name, func(t *testing.T) {
			srv := mcptest.New(t, mcptest.Options{Endpoint: shape.endpoint})
			front := mcptest.BehindPrefix(t, srv)
			s, rec := connect(t, Config{URL: front.URL + "/gw/sse", Transport: TransportSSE})
			if _, err := s.Initialize(testCtx(t)); err != nil {
				t.Fatalf("Initialize behind a prefix the server does not know: %v", err)
			}
			ep := s.Endpoint()
			if ep.InUse != ep.Prefixed || !strings.HasPrefix(ep.InUse, front.URL+shape.path+"?") {
				t.Errorf("posting to %q (prefixed %q), want %s under the proxy's prefix", ep.InUse, ep.Prefixed, shape.path)
			}
			if !strings.Contains(ep.Reason, "answered 404") || !strings.Contains(ep.Reason, "prefix") {
				t.Errorf("reason %q does not say the preferred URL answered 404 and the prefix was kept", ep.Reason)
			}
			rec.waitFor(t, "an endpoint record naming the prefixed URL in use", func(r Record) bool {
				return r.Kind == KindEndpoint && r.Endpoint.InUse == ep.Prefixed
			})
			// Later messages go straight to it. (One sent before the
			// switch, while initialize's answer overtook its 202, may meet
			// the 404 too: notifications/initialized.)
			if _, _, err := s.ListTools(testCtx(t), false); err != nil {
				t.Fatalf("tools/list: %v", err)
			}
			sent := rec.waitFor(t, "tools/list sent", func(r Record) bool {
				return r.Kind == KindSent && r.RPC.Method == "tools/list"
			})
			rec.waitFor(t, "tools/list's POST taken", func(r Record) bool {
				return r.Kind == KindHTTP && r.HTTP.ReqSeq == sent.Seq && r.HTTP.Status == http.StatusAccepted
			})
			var posts []string
			for _, r := range rec.of(KindHTTP) {
				if r.HTTP.ReqSeq == sent.Seq {
					posts = append(posts, r.HTTP.StatusLine+" "+r.HTTP.URL)
				}
			}
			if len(posts) != 1 || !strings.HasPrefix(posts[0], "202") || !strings.Contains(posts[0], shape.path) {
				t.Errorf("tools/list was POSTed %q, want once, straight under the prefix", posts)
			}
		})
	}
}
