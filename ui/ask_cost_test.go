package ui

import (
	"encoding/json"
	"runtime"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// frameBytes is how many bytes one View of m allocates, the least of a
// few: the box of an open question is drawn every second, and each
// spinner tick, while it waits.
func frameBytes(m *Model) uint64 {
	_ = m.View()
	least := ^uint64(0)
	var before, after runtime.MemStats
	for range 3 {
		runtime.ReadMemStats(&before)
		_ = m.View()
		runtime.ReadMemStats(&after)
		least = min(least, after.TotalAlloc-before.TotalAlloc)
	}
	return least
}

// What a server asks costs a frame what the question's box shows, not
// what the server sent: a form of 100,000 fields, a form whose message is
// megabytes long and a sampling request of megabytes of messages each draw
// about as cheaply as a small form, and say that there is more.
func TestAskBoxCostsWhatItShows(t *testing.T) {
	small, _ := askModel(t, "elicitation/create", formParams)
	base := frameBytes(small)
	huge := strings.Repeat("word ", 4<<20/5)
	message, _ := json.Marshal(huge)
	many := make([]map[string]any, 50_000)
	for i := range many {
		many[i] = map[string]any{"role": "user", "content": map[string]any{"type": "text", "text": "m" + strings.Repeat("x", 40)}}
	}
	manyMessages, _ := json.Marshal(map[string]any{"messages": many, "maxTokens": 5})
	bigMessage, _ := json.Marshal(map[string]any{"messages": []map[string]any{{"role": "user", "content": map[string]any{"type": "text", "text": huge}}}, "maxTokens": 5})
	for _, c := range []struct {
		name, method, params, want string
	}{
		{"many fields", "elicitation/create", `{"message":"Many","requestedSchema":` + string(mcptest.SchemaManyProperties(100_000)) + `}`, "p5: integer, required"},
		{"huge message", "elicitation/create", `{"message":` + string(message) + `,"requestedSchema":{"type":"object","properties":{"a":{"type":"string"}}}}`, "word word"},
		{"many messages", "sampling/createMessage", string(manyMessages), "user: mxxx"},
		{"huge sampled message", "sampling/createMessage", string(bigMessage), "user: word word"},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, _ := askModel(t, c.method, c.params)
			view := ansi.Strip(m.View())
			if !strings.Contains(view, c.want) || !strings.Contains(view, "pgup/pgdn scroll") {
				t.Fatalf("the box lacks %q or the mark that there is more:\n%s", c.want, view)
			}
			if got := frameBytes(m); got > 4*base+(256<<10) {
				t.Errorf("a frame allocates %d bytes, a small form's %d: the box costs what the server sent", got, base)
			}
		})
	}
}
