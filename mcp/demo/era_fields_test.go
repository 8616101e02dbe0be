package demo

import (
	"bytes"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The SDK's server wrote 2026-07-28's ttlMs and cacheScope into the
// answers of every era, so every tools/list of the demo over /sse or /mcp
// showed fields no 2025 revision defines. The demo answers as a correct
// server of each era: the older eras' answers carry neither, and the 2026
// endpoint's still carry both.
func TestErasCacheFieldsOnlyIn2026Answers(t *testing.T) {
	ts := startDemo(t, Options{})
	forEra(t, func(t *testing.T, e era) {
		var wire bytes.Buffer
		e.wire = &wire
		cs := e.connect(t, ts.URL, nil)
		ctx := ctxT(t)
		if _, err := cs.ListTools(ctx, nil); err != nil {
			t.Fatal(err)
		}
		if _, err := cs.ListPrompts(ctx, nil); err != nil {
			t.Fatal(err)
		}
		if _, err := cs.ListResources(ctx, nil); err != nil {
			t.Fatal(err)
		}
		if _, err := cs.ListResourceTemplates(ctx, nil); err != nil {
			t.Fatal(err)
		}
		if _, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "demo://readme"}); err != nil {
			t.Fatal(err)
		}
		// Closed, the session writes no more to wire.
		_ = cs.Close()
		answers := 0
		for line := range strings.Lines(wire.String()) {
			if !strings.HasPrefix(line, "read: ") || !strings.Contains(line, `"result":{`) || strings.Contains(line, `"id":1,"result"`) {
				continue // not an answer, or the opening's (initialize's or server/discover's)
			}
			answers++
			has := strings.Contains(line, `"ttlMs":`) && strings.Contains(line, `"cacheScope":`)
			if modern := e.version >= protocol2026; has != modern {
				t.Errorf("%s answer carries ttlMs and cacheScope: %v, want %v:\n%s", e.version, has, modern, line)
			}
		}
		if answers != 5 {
			t.Errorf("read %d answers, want 5:\n%s", answers, wire.String())
		}
	})
}
