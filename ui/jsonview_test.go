package ui

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/mcpscope/mcpscope/themes"
	"github.com/muesli/termenv"
)

// plainStyles render no escape codes whatever the terminal, so tests can
// compare text exactly without touching lipgloss' global colour profile.
func plainStyles() *themes.Styles { return &themes.Styles{} }

// colourStyles paint through a renderer fixed to true colour.
func colourStyles() *themes.Styles {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.TrueColor)
	c := func(hex string) lipgloss.Style { return r.NewStyle().Foreground(lipgloss.Color(hex)) }
	return &themes.Styles{
		JSONKey: c("#0000ff").Bold(true), JSONString: c("#00ff00"), JSONNumber: c("#ff8000"),
		JSONBool: c("#ff00ff"), JSONNull: c("#00ffff"), JSONPunct: c("#808080"),
		Warning: c("#ffff00"), Dim: c("#606060"),
	}
}

func TestJSONLinesPretty(t *testing.T) {
	in := `{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"hi \"you\"\n"}],` +
		`"isError":false,"meta":null,"empty":{},"none":[ ],"n":-1.5e3}}`
	want := []string{
		`{`,
		`  "jsonrpc": "2.0",`,
		`  "id": 3,`,
		`  "result": {`,
		`    "content": [`,
		`      {`,
		`        "type": "text",`,
		`        "text": "hi \"you\"\n"`,
		`      }`,
		`    ],`,
		`    "isError": false,`,
		`    "meta": null,`,
		`    "empty": {},`,
		`    "none": [],`,
		`    "n": -1.5e3`,
		`  }`,
		`}`,
	}
	got := JSONLines(in, plainStyles(), true, 0, 0)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("JSONLines(pretty) =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestJSONLinesPrettyColours(t *testing.T) {
	got := JSONLines(`{"k":"v","n":1,"b":true,"z":null}`, colourStyles(), true, 0, 0)
	want := []string{"{", `  "k": "v",`, `  "n": 1,`, `  "b": true,`, `  "z": null`, "}"}
	for i := range want {
		if i >= len(got) || ansi.Strip(got[i]) != want[i] {
			t.Fatalf("JSONLines(colour) stripped = %q, want %q", stripAll(got), want)
		}
	}
	key := colourStyles().JSONKey.Render(`"k"`)
	if !strings.Contains(got[1], key) {
		t.Errorf("line %q does not hold the key painted with JSONKey (%q)", got[1], key)
	}
	for _, tc := range []struct {
		line  int
		style lipgloss.Style
		text  string
	}{
		{1, colourStyles().JSONString, `"v"`},
		{2, colourStyles().JSONNumber, "1"},
		{3, colourStyles().JSONBool, "true"},
		{4, colourStyles().JSONNull, "null"},
	} {
		if want := tc.style.Render(tc.text); !strings.Contains(got[tc.line], want) {
			t.Errorf("line %q does not hold %q painted (%q)", got[tc.line], tc.text, want)
		}
	}
}

func stripAll(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = ansi.Strip(l)
	}
	return out
}

func TestJSONLinesRawIsExact(t *testing.T) {
	in := "{\"a\": 1,\n  \"b\":[2,3]}"
	got := JSONLines(in, plainStyles(), false, 0, 0)
	if want := strings.Split(in, "\n"); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("JSONLines(raw) = %q, want %q", got, want)
	}
	got = JSONLines(`{"abcdefghij":"klmnopqrstuvwxyz"}`, plainStyles(), false, 10, 0)
	want := []string{`{"abcdefgh`, `ij":"klmno`, `pqrstuvwxy`, `z"}`}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("JSONLines(raw, width 10) = %q, want %q", got, want)
	}
}

func TestJSONLinesNotJSON(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
	}{
		{"202 body", "Accepted", []string{"Accepted"}},
		{"html error page", "<html>\r\n<b>503</b>\x1b[2J\r\n</html>", []string{"<html>", "<b>503</b>", "</html>"}},
		{"trailing comma", `{"a":1,}`, []string{`{"a":1,}`}},
		{"missing value", `{"a":}`, []string{`{"a":}`}},
		{"missing comma", `[1 2]`, []string{`[1 2]`}},
		{"leading zero", `01`, []string{`01`}},
		{"bad literal", `[trueish]`, []string{`[trueish]`}},
		{"unterminated", `{"a":"b`, []string{`{"a":"b`}},
		{"unclosed", `{"a":1`, []string{`{"a":1`}},
		{"control char in string", "[\"a\x07\"]", []string{`["a␇"]`}},
		{"bad escape", `["\x"]`, []string{`["\x"]`}},
		{"numbers touching", `0 01`, []string{`0 01`}},
		{"empty", "", []string{"(empty)"}},
	}
	for _, tc := range tests {
		got := JSONLines(tc.in, plainStyles(), true, 0, 0)
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%s: JSONLines(%q) = %q, want %q", tc.name, tc.in, got, tc.want)
		}
	}
}

// A writer filled by the last line keeps that line, wrapped or not.
func TestPrettyFillingTheWriterKeepsTheLastLine(t *testing.T) {
	for _, width := range []int{0, 80} {
		w := newLineWriter(plainStyles(), width, 3, len("[  1]"))
		if ok, _ := prettyJSON(w, "[1]", false); !ok {
			t.Fatalf("width %d: [1] is not JSON", width)
		}
		if got := strings.Join(w.finish(), "|"); got != "[|  1|]" {
			t.Errorf("width %d: a writer full at the end holds %q, want %q", width, got, "[|  1|]")
		}
	}
}

func TestJSONLinesJSONLinesInput(t *testing.T) {
	got := JSONLines("{\"a\":1}\n[2]\n", plainStyles(), true, 0, 0)
	want := []string{"{", `  "a": 1`, "}", "[", "  2", "]"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("JSONLines(two values) = %q, want %q", got, want)
	}
}

func TestJSONLinesKeepsEscapesLiteral(t *testing.T) {
	got := JSONLines(`{"t":"\u001b[2J\u202e","r":"`+"\u202e"+`x"}`, plainStyles(), true, 0, 0)
	if want := `  "t": "\u001b[2J\u202e",`; got[1] != want {
		t.Errorf("escaped line = %q, want %q", got[1], want)
	}
	if want := `  "r": "x"`; got[2] != want {
		t.Errorf("line with a raw bidi override = %q, want %q", got[2], want)
	}
}

func TestJSONLinesCut(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"items":[`)
	for i := 0; b.Len() < 1000; i++ {
		fmt.Fprintf(&b, `"item-%03d",`, i)
	}
	b.WriteString(`"end"]}`)
	in := b.String()
	for _, pretty := range []bool{true, false} {
		got := JSONLines(in, plainStyles(), pretty, 0, 100)
		last := got[len(got)-1]
		want := fmt.Sprintf("… %d B more not shown (%d B in all)", len(in)-100, len(in))
		if last != want {
			t.Errorf("pretty=%v: last line = %q, want %q", pretty, last, want)
		}
		shown := strings.Join(got[:len(got)-1], "")
		if strings.Contains(shown, "item-020") {
			t.Errorf("pretty=%v: shows text past the limit: %q", pretty, shown)
		}
		if pretty && got[1] != `  "items": [` {
			t.Errorf("pretty=%v: a cut JSON prefix is still pretty-printed, got line %q", pretty, got[1])
		}
	}
	// A cut inside a multi-byte rune backs off to the rune's start.
	got := JSONLines("aé日本", plainStyles(), false, 0, 5)
	if got[0] != "aé" {
		t.Errorf("cut inside a rune: first line %q, want %q", got[0], "aé")
	}
	if want := "… 6 B more not shown (9 B in all)"; got[1] != want {
		t.Errorf("cut inside a rune: notice %q, want %q", got[1], want)
	}
}

func TestJSONLinesWrapsToWidth(t *testing.T) {
	inputs := []string{
		`{"description":"` + strings.Repeat("日本語テキスト😀 and ascii ", 20) + `","deep":[[[[[[[[[[[[1]]]]]]]]]]]]}`,
		strings.Repeat("raw text that is not json 中文 ", 30),
	}
	for _, width := range []int{1, 2, 7, 40} {
		for _, in := range inputs {
			for _, pretty := range []bool{true, false} {
				lines := JSONLines(in, colourStyles(), pretty, width, 0)
				for _, l := range lines {
					// A wide rune on a one-column line is the one allowed overflow.
					if w := ansi.StringWidth(l); w > max(width, 2) {
						t.Fatalf("width %d pretty=%v: line %q is %d columns wide", width, pretty, ansi.Strip(l), w)
					}
				}
				text := strings.Join(stripAll(lines), "")
				if !pretty && strings.ReplaceAll(text, " ", "") != strings.ReplaceAll(in, " ", "") {
					t.Fatalf("width %d: wrapped raw text lost characters: %q", width, text)
				}
			}
		}
	}
}

// bigToolList is a tools/list answer of about n bytes, the shape of the
// largest messages real gateways send.
func bigToolList(n int) string {
	var b strings.Builder
	b.WriteString(`{"jsonrpc":"2.0","id":2,"result":{"tools":[`)
	for i := 0; b.Len() < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name":"tool_%d","description":"Does thing %d — with ünïcode and 日本語","inputSchema":`+
			`{"type":"object","properties":{"query":{"type":"string"},"limit":{"type":"integer","minimum":1}},"required":["query"]}}`, i, i)
	}
	b.WriteString(`]}}`)
	return b.String()
}

func BenchmarkJSONLines20MB(b *testing.B) {
	raw := bigToolList(20 << 20)
	st := themes.NewStyles(themes.Builtins()[0].Palette)
	for _, bc := range []struct {
		name   string
		pretty bool
		limit  int
	}{
		{"pretty/limit=1MiB", true, 1 << 20},
		{"raw/limit=1MiB", false, 1 << 20},
		{"pretty/limit=64MiB", true, 64 << 20},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if lines := JSONLines(raw, &st, bc.pretty, 120, bc.limit); len(lines) < 2 {
					b.Fatalf("got %d lines", len(lines))
				}
			}
		})
	}
}

// A string of prose wraps between words, every line within the width and
// no word cut; a long token with no space near the edge (a URL) is still
// cut at the width rather than leaving a stub line.
func TestJSONLinesWrapsStringsBetweenWords(t *testing.T) {
	desc := "Answers with a text payload of exactly the given number of bytes: 64-byte lines, each starting with its byte offset."
	url := "http://json-schema.org/draft-07/schema#" + strings.Repeat("x", 60)
	in := `{"description":"` + desc + `","$schema":"` + url + `"}`
	lines := stripAll(JSONLines(in, colourStyles(), true, 40, 0))
	var words []string
	for _, l := range lines {
		if w := ansi.StringWidth(l); w > 40 {
			t.Errorf("line %q is %d columns wide, want at most 40", l, w)
		}
		if strings.HasPrefix(l, "   ") {
			t.Errorf("line %q starts with a blank after its indentation", l)
		}
		words = append(words, strings.Fields(l)...)
	}
	joined := " " + strings.Join(words, " ") + " "
	for _, w := range strings.Fields(desc) {
		if !strings.Contains(joined, " "+w+" ") && !strings.Contains(joined, "\""+w+" ") && !strings.Contains(joined, " "+w+"\"") {
			t.Errorf("the word %q was cut across lines:\n%s", w, strings.Join(lines, "\n"))
		}
	}
	if got := strings.Join(lines, ""); !strings.Contains(strings.ReplaceAll(got, " ", ""), strings.ReplaceAll(url, " ", "")[:40]) {
		t.Errorf("the URL lost characters:\n%s", strings.Join(lines, "\n"))
	}
	if len(lines) > 9 {
		t.Errorf("%d lines, want the URL cut at the width, not broken early:\n%s", len(lines), strings.Join(lines, "\n"))
	}
}

// A multi-line text (newlines escaped in the JSON) wraps after each \n, so
// it reads a line per row, as the demo's big tool answers.
func TestJSONLinesWrapsStringsAfterEscapedNewlines(t *testing.T) {
	var text strings.Builder
	for i := 0; i < 5; i++ {
		fmt.Fprintf(&text, "%08d abcdefghijklmnopqrstuvwxyz0123\\n", i*40)
	}
	lines := stripAll(JSONLines(`{"text":"`+text.String()+`"}`, colourStyles(), true, 60, 0))
	var rows []string
	for _, l := range lines {
		if strings.Contains(l, "abcdef") {
			rows = append(rows, strings.TrimSpace(l))
		}
	}
	if len(rows) != 5 {
		t.Fatalf("%d rows of text, want 5:\n%s", len(rows), strings.Join(lines, "\n"))
	}
	for i, r := range rows[1:] {
		if want := fmt.Sprintf("%08d abcdefghijklmnopqrstuvwxyz0123\\n", (i+1)*40); r != want && r != want+`"` {
			t.Errorf("row %d = %q, want %q", i+1, r, want)
		}
	}
}
