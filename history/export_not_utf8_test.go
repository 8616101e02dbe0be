package history

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tools/list answer whose tool name holds a byte that is not UTF-8 (0xff)
// is JSON to encoding/json but no JSON text. The JSON export gives the answer
// as the recording keeps it, {"base64": ...} of the exact bytes, and the
// Markdown transcript fences it as text: neither says the server wrote
// "\ufffd", which it never did.
func TestExportKeepsAnAnswerThatIsNotUTF8(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{Handle: mcptest.RawToolsList(`{"name":"a` + "\xff" + `b","inputSchema":{"type":"object"}}`)})
	l := logOf(t, mcp.Config{URL: srv.SSEURL(), Transport: mcp.TransportSSE}, func(ctx context.Context, s *mcp.Session) {
		initialize(t, ctx, s)
		if _, _, err := s.ListTools(ctx, false); err != nil {
			t.Fatal(err)
		}
	})
	var js bytes.Buffer
	if err := ExportJSON(&js, Header{URL: srv.SSEURL()}, l); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Pairs []struct {
			Method   string          `json:"method"`
			Response json.RawMessage `json:"response"`
		} `json:"pairs"`
	}
	if err := json.Unmarshal(js.Bytes(), &doc); err != nil {
		t.Fatalf("the JSON export is not JSON: %v\n%s", err, js.String())
	}
	var got []byte
	for _, p := range doc.Pairs {
		if p.Method != "tools/list" {
			continue
		}
		var raw struct {
			Base64 string `json:"base64"`
		}
		if err := json.Unmarshal(p.Response, &raw); err == nil {
			got, _ = base64.StdEncoding.DecodeString(raw.Base64)
		}
		if !bytes.Contains(got, []byte("\"a\xffb\"")) {
			t.Errorf("the tools/list answer exported as %s, want {\"base64\": ...} of the bytes sent, 0xff and all", p.Response)
		}
	}
	if got == nil {
		t.Fatalf("no tools/list pair in the JSON export:\n%s", js.String())
	}
	var md bytes.Buffer
	if err := ExportMarkdown(&md, Header{URL: srv.SSEURL()}, l); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(md.String(), `\ufffd`) {
		t.Errorf("the transcript writes the 0xff byte as the escape \\ufffd, which the server never sent:\n%s", md.String())
	}
}
