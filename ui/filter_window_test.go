package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A filtered row whose match lies kilobytes into its data, past what a
// cell shows from the start, shows the match after "…", the row cut to
// the part around it.
func TestFilteredRowShowsAMatchDeepInItsData(t *testing.T) {
	filler := strings.Repeat("lorem ipsum ", 3000/12)
	raw := fmt.Sprintf(`event: message`+"\n"+`data: {"jsonrpc":"2.0","method":"notifications/message","params":{"data":"%sNEEDLE-77 after"}}`+"\n\n", filler)
	data := raw[len("event: message\ndata: ") : len(raw)-2]
	recs := []mcp.Record{{Seq: 1, Time: fixedNow, Kind: mcp.KindEvent, Event: &mcp.SSEEvent{Conn: 1, Name: "message", Data: mcp.Raw(data), Raw: mcp.Raw(raw)}}}
	m := newTestModel(t, 160, 45, nil, recs)
	press(m, "/", "n", "e", "e", "d", "l", "e")
	settleFilter(t, m)
	press(m, "enter")
	v := m.View()
	for _, line := range strings.Split(v, "\n") {
		if i := strings.Index(line, "NEEDLE-77 after"); i > 0 && strings.Contains(line[:i], "…") {
			return
		}
	}
	t.Errorf("the filtered row does not show its match after …:\n%s", v)
}
