package ui

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Tab on a value past the 4,096 enum members the schema reader keeps:
// the hint says the list was cut, where "no values to offer for c" read
// as if the enum had no such value.
func TestLiveTabPastACutEnumSaysItWasCut(t *testing.T) {
	members := make([]string, 5000)
	for i := range members {
		members[i] = fmt.Sprintf(`"v%d"`, i)
	}
	schema := `{"type":"object","properties":{"c":{"type":"string","enum":[` + strings.Join(members, ",") + `]}}}`
	tools := append(mcptest.DefaultTools(), mcptest.Tool{Name: "pick", InputSchema: json.RawMessage(schema)})
	srv := mcptest.New(t, mcptest.Options{Tools: tools})
	l := startLive(t, mcp.Config{URL: srv.SSEURL(), Transport: mcp.TransportSSE})
	l.initialize()
	l.listTools()
	l.mark()
	l.tm.Type(":")
	l.typeTab("call pick c=v4500")
	l.waitFor("no values to offer for c among the first 4096 of its enum's 5000: type one")
	l.quit()
}
