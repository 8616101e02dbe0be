package history

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from %s (go test -update rewrites it):\n%s", name, path, got)
	}
}

func exportLog() *Log {
	l := NewLog()
	l.Append(fullSession()...)
	return l
}

func TestExportMarkdown(t *testing.T) {
	var b bytes.Buffer
	if err := ExportMarkdown(&b, testHeader(), exportLog()); err != nil {
		t.Fatal(err)
	}
	golden(t, "session.md", b.Bytes())
}

func TestExportJSON(t *testing.T) {
	var b bytes.Buffer
	if err := ExportJSON(&b, testHeader(), exportLog()); err != nil {
		t.Fatal(err)
	}
	golden(t, "session.json", b.Bytes())
	var doc struct {
		Pairs []struct {
			Kind     string          `json:"kind"`
			Response json.RawMessage `json:"response"`
		} `json:"pairs"`
	}
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatalf("ExportJSON wrote invalid JSON: %v", err)
	}
	last := doc.Pairs[len(doc.Pairs)-1]
	if last.Kind != "invalid" || string(last.Response) != `"not json at all"` {
		t.Errorf("invalid message exported as %s %s, want it as a JSON string", last.Kind, last.Response)
	}
}

func TestFenceOutlastsBackticks(t *testing.T) {
	var b bytes.Buffer
	w := bufio.NewWriter(&b)
	writeFenced(w, "a ```` b\x1b[2J")
	w.Flush()
	if got, want := b.String(), "`````text\na ```` b\n`````\n"; got != want {
		t.Errorf("writeFenced = %q, want %q", got, want)
	}
}

func TestExportMarkdownEscapesInvisibleCharacters(t *testing.T) {
	l := NewLog()
	raw := "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"text\":\"a\u009b2J\u202eevil\x7f\"}}"
	l.Append(
		mcp.Record{Seq: 1, Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassRequest, ID: "1", Method: "ping", Raw: `{"jsonrpc":"2.0","id":1,"method":"ping"}`}},
		mcp.Record{Seq: 2, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassResponse, ID: "1", ReqSeq: 1, Raw: mcp.Raw(raw)}},
	)
	var b bytes.Buffer
	if err := ExportMarkdown(&b, Header{URL: "http://h"}, l); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, bad := range []string{"\u009b", "\u202e", "\x7f"} {
		if strings.Contains(out, bad) {
			t.Errorf("the transcript holds %q", bad)
		}
	}
	if !strings.Contains(out, `\u009b`) || !strings.Contains(out, `\u202e`) {
		t.Errorf("the characters were dropped instead of escaped:\n%s", out)
	}
}

// A transcript is read where Markdown is rendered: what a server says (an
// error message, a name) or a recording's header claims shows as the text
// it is, never as a link, an image, HTML or emphasis; and code spans hold
// any run of backticks.
func TestExportMarkdownEscapesMarkdownAndHTML(t *testing.T) {
	s := newScript()
	req := s.request("1", "tools/call", `{"name":"x"}`)
	s.fail("post", req, `refused: <img src=https://t.example/p.gif> [click](https://phish.example) **now** & ~~this~~`, "")
	l := s.log()
	var b bytes.Buffer
	h := Header{URL: "http://h/<script>alert(1)</script>", MCPScope: "v1 <b>x</b>"}
	if err := ExportMarkdown(&b, h, l); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		`refused: \<img src=https://t.example/p.gif\> \[click\](https://phish.example) \*\*now\*\* \& \~\~this\~\~`,
		`# mcpscope session: http://h/\<script\>alert(1)\</script\>`,
		`by mcpscope v1 \<b\>x\</b\>:`,
		"| URL | `http://h/<script>alert(1)</script>` |", // a code span shows it as it is
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the transcript lacks %q:\n%s", want, out)
		}
	}
	if got := mdCode("a``b"); got != "``` a``b ```" {
		t.Errorf("mdCode(a``b) = %q, want a fence of three backticks", got)
	}
}
