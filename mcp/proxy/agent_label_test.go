package proxy

import "testing"

// A client named by its User-Agent is named as its clientInfo would name
// it, "name version", from the first product; what is no product stays.
func TestAgentLabel(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"mcpscope/dev", "mcpscope dev"},
		{"claude-code/1.0.3 node/20 (linux)", "claude-code 1.0.3"},
		{"node", "node"},
		{"(compatible) x/1", "(compatible) x/1"},
		{"/1.0", "/1.0"},
		{"name/", "name/"},
	} {
		if got := agentLabel(tc.in); got != tc.want {
			t.Errorf("agentLabel(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
