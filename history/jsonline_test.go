package history

import (
	"bufio"
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/internal/sanitize/sanitizetest"
	"github.com/mcpscope/mcpscope/mcp"
)

// exec --json prints every record with a LineWriter. Large and small payloads
// alike must reach the terminal with no control in them (a large one is
// written by another path than the rest of the line) and decode back to
// exactly the record, so a script reading the line loses nothing.
func TestWriteLineIsSafeAndExact(t *testing.T) {
	hostile := "\x1b]52;c;aGk=\x07 \u009b31m \u202eevil \r\n\x7f \U000E0041 \"q\\"
	for _, size := range []int{10, 200 << 10} {
		text := hostile + strings.Repeat("é…", size/4)
		msg := `{"jsonrpc":"2.0","id":1,"result":{"text":` + mustQuote(text) + `}}`
		raw := "event: message\ndata: " + msg + "\n: " + hostile + "\n\n"
		rec := mcp.Record{
			Seq: 4, Time: time.Unix(1700000000, 0).UTC(), Kind: mcp.KindEvent,
			Event: &mcp.SSEEvent{Name: "message", Data: mcp.Raw(msg), Raw: mcp.Raw(raw), Comments: []string{hostile}},
			RPC:   &mcp.RPCMessage{Dir: "in", Class: mcp.ClassResponse, ID: "1", Raw: mcp.Raw(msg)},
			Error: &mcp.ErrorInfo{Message: "server said " + hostile},
		}
		var out bytes.Buffer
		w := bufio.NewWriter(&out)
		if err := NewLineWriter(w, RecordOptions{}, "http://127.0.0.1:1/mcp").Write(rec); err != nil {
			t.Fatal(err)
		}
		w.Flush()
		line := out.String()
		if !strings.HasSuffix(line, "}\n") || strings.Count(line, "\n") != 1 {
			t.Fatalf("size %d: not one line ending in a newline", size)
		}
		sanitizetest.Check(t, "exec --json line", strings.TrimSuffix(line, "\n"), false)
		var back mcp.Record
		if err := json.Unmarshal([]byte(line), &back); err != nil {
			t.Fatalf("size %d: the line is not JSON a reader can decode: %v", size, err)
		}
		if !reflect.DeepEqual(back, rec) {
			t.Errorf("size %d: the line decodes to another record than was written", size)
		}
	}
}

func mustQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
