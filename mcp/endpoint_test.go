package mcp

import (
	"net/url"
	"testing"
)

func TestResolveEndpoint(t *testing.T) {
	tests := []struct {
		stream, data                        string
		preferred, fallback, session, param string
	}{
		{"http://127.0.0.1:8811/sse", "?sessionid=ABCDEFGHIJKLMNOPQRSTUVWXYZ", "http://127.0.0.1:8811/sse?sessionid=ABCDEFGHIJKLMNOPQRSTUVWXYZ", "http://127.0.0.1:8811/sse?sessionid=ABCDEFGHIJKLMNOPQRSTUVWXYZ", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "sessionid"},
		{"http://127.0.0.1:8811/sse", "/sse?sessionid=X1", "http://127.0.0.1:8811/sse?sessionid=X1", "http://127.0.0.1:8811/sse?sessionid=X1", "X1", "sessionid"},
		{"http://h:1/sse", "/message?sessionId=5f0c-uuid", "http://h:1/message?sessionId=5f0c-uuid", "http://h:1/sse?sessionid=5f0c-uuid", "5f0c-uuid", "sessionId"},
		{"http://h:1/sse", "/messages/?session_id=abc123", "http://h:1/messages/?session_id=abc123", "http://h:1/sse?sessionid=abc123", "abc123", "session_id"},
		{"http://h:1/sse", "http://other:9/message?sessionId=u", "http://other:9/message?sessionId=u", "http://h:1/sse?sessionid=u", "u", "sessionId"},
		// A proxy prefix: a relative path keeps it, an absolute path loses it.
		{"http://h/gw/sse", "messages?sessionId=s", "http://h/gw/messages?sessionId=s", "http://h/gw/sse?sessionid=s", "s", "sessionId"},
		{"http://h/gw/sse", "/message?sessionId=s", "http://h/message?sessionId=s", "http://h/gw/sse?sessionid=s", "s", "sessionId"},
		{"http://h/sse", "/message", "http://h/message", "", "", ""},
		{"http://h/sse", " /m?SessionID=z ", "http://h/m?SessionID=z", "http://h/sse?sessionid=z", "z", "SessionID"},
	}
	for _, tt := range tests {
		u, _ := url.Parse(tt.stream)
		ep, err := ResolveEndpoint(u, tt.data)
		if err != nil {
			t.Fatalf("ResolveEndpoint(%q, %q): %v", tt.stream, tt.data, err)
		}
		if ep.Preferred != tt.preferred || ep.Fallback != tt.fallback || ep.SessionID != tt.session || ep.SessionParam != tt.param {
			t.Errorf("ResolveEndpoint(%q, %q) = preferred %q fallback %q session %q param %q, want %q %q %q %q",
				tt.stream, tt.data, ep.Preferred, ep.Fallback, ep.SessionID, ep.SessionParam, tt.preferred, tt.fallback, tt.session, tt.param)
		}
		if string(ep.Data) != tt.data || ep.InUse != ep.Preferred || ep.Base != tt.stream {
			t.Errorf("ResolveEndpoint(%q, %q) kept data %q base %q in use %q", tt.stream, tt.data, ep.Data, ep.Base, ep.InUse)
		}
	}
}

func TestResolveEndpointErrors(t *testing.T) {
	u, _ := url.Parse("http://h/sse")
	for _, data := range []string{"", "  ", "http://[::1"} {
		if _, err := ResolveEndpoint(u, data); err == nil {
			t.Errorf("ResolveEndpoint(%q) = nil error, want one", data)
		}
	}
}

func TestTargetURL(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://localhost:8811", "http://localhost:8811"},
		{"localhost:8811", "http://localhost:8811"},
		{"HTTP://LOCALHOST:8811/sse", "http://LOCALHOST:8811/sse"},
		{"[::1]:8811", "http://[::1]:8811"},
		{"https://gw.example/custom/events?team=blue&x=1", "https://gw.example/custom/events?team=blue&x=1"},
		{"http://user:pw@gw:8811/mcp", "http://user:pw@gw:8811/mcp"},
		{" http://localhost:8811/sse\n", "http://localhost:8811/sse"},
		{"gw.example:8811/sse", "http://gw.example:8811/sse"},
	}
	for _, tt := range tests {
		u, err := TargetURL(tt.in)
		if err != nil || u.String() != tt.want {
			t.Errorf("TargetURL(%q) = %v, %v; want %q", tt.in, u, err, tt.want)
		}
	}
	for _, bad := range []string{"", "ftp://x/sse", "http://", "http://host:port/", "javascript:alert(1)", "http:/127.0.0.1:8811/sse", "https:gw.example", "HTTP:8811", "ftp:/x"} {
		if _, err := TargetURL(bad); err == nil {
			t.Errorf("TargetURL(%q) = nil error, want one", bad)
		}
	}
}
