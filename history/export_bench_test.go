package history

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// hugeAnswerLog is a session of one request whose answer is body.
func hugeAnswerLog(body string) *Log {
	l := NewLog()
	l.Append(
		mcp.Record{Seq: 1, Time: scriptStart, Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassRequest, ID: "3", Method: "tools/list", Raw: `{"jsonrpc":"2.0","id":3,"method":"tools/list"}`}},
		mcp.Record{Seq: 2, Time: scriptStart, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassResponse, ID: "3", ReqSeq: 1, Raw: mcp.Raw(body)}},
	)
	return l
}

// hugeShapes are the two shapes of a 32 MB answer: many small tokens (a
// tools/list of schemas) and one long string that is not ASCII.
func hugeShapes() []struct{ name, body string } {
	var tools strings.Builder
	tools.WriteString(`{"jsonrpc":"2.0","id":3,"result":{"tools":[`)
	for i := 0; tools.Len() < 32<<20; i++ {
		if i > 0 {
			tools.WriteByte(',')
		}
		fmt.Fprintf(&tools, `{"name":"tool_%d","description":"Does thing %d — with ünïcode","inputSchema":`+
			`{"type":"object","properties":{"query":{"type":"string"},"limit":{"type":"integer","minimum":1}},"required":["query"]}}`, i, i)
	}
	tools.WriteString(`]}}`)
	text := strings.Repeat(`ünïcode 日本語 and \"quotes\" `, (32<<20)/38)
	return []struct{ name, body string }{
		{"tokens", tools.String()},
		{"string", `{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"` + text + `"}]}}`},
	}
}

// BenchmarkExportHugeMessage exports a session whose one answer is 32 MB:
// B/op is what the export allocates besides the answer, which must not
// grow with it (the exports stream).
func BenchmarkExportHugeMessage(b *testing.B) {
	for _, s := range hugeShapes() {
		l := hugeAnswerLog(s.body)
		for _, f := range []struct {
			name   string
			export func(io.Writer, Header, *Log) error
		}{{"md", ExportMarkdown}, {"json", ExportJSON}} {
			b.Run(f.name+"/"+s.name, func(b *testing.B) {
				b.SetBytes(int64(len(s.body)))
				b.ReportAllocs()
				for b.Loop() {
					if err := f.export(io.Discard, testHeader(), l); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
