package history

import (
	"path/filepath"
	"testing"
)

// A recording of the built-in demo gateway is named by the path it used,
// not its random port; any other, and one older than the demo field, by
// its URL as before.
func TestHeaderServerNamesTheBuiltInDemo(t *testing.T) {
	for _, c := range []struct {
		h    Header
		want string
	}{
		{Header{URL: "http://127.0.0.1:41729/sse", Demo: true}, "built-in demo (/sse)"},
		{Header{URL: "http://127.0.0.1:41729/mcp", Demo: true}, "built-in demo (/mcp)"},
		{Header{URL: "http://127.0.0.1:41729/stateless", Demo: true}, "built-in demo (/stateless)"},
		{Header{URL: "http://127.0.0.1:41729", Demo: true}, "built-in demo (/sse)"},
		{Header{URL: "http://127.0.0.1:41729/sse"}, "http://127.0.0.1:41729/sse"},
	} {
		if got := c.h.Server(); got != c.want {
			t.Errorf("%+v: Server() = %q, want %q", c.h, got, c.want)
		}
	}
	r, err := Open(filepath.Join("testdata", "v1-session.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if got := r.Header().Server(); got != "http://127.0.0.1:8811/sse" {
		t.Errorf("a recording older than the demo field is named %q, want its URL", got)
	}
}
