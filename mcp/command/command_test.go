package command

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestSplitWords(t *testing.T) {
	tests := []struct {
		line string
		want []string
	}{
		{``, nil},
		{" \t\n ", nil},
		{`a b  c`, []string{"a", "b", "c"}},
		{"a\tb\r\nc", []string{"a", "b", "c"}},
		{`msg='hello world'`, []string{"msg=hello world"}},
		{`msg="a \"b\""`, []string{`msg=a "b"`}},
		{`x=\ y`, []string{"x= y"}},
		{`'a'"b"c`, []string{"abc"}},
		{`'' ""`, []string{"", ""}},
		{`'it'\''s'`, []string{"it's"}},
		{`'a\nb "c"'`, []string{`a\nb "c"`}},
		{`"a\nb \\ \$"`, []string{`a\nb \ \$`}},
		{`"it's"`, []string{"it's"}},
		{`\'\"\\`, []string{`'"\`}},
		{"a\\\nb", []string{"ab"}},
		{`key:='{"x": 1}'`, []string{`key:={"x": 1}`}},
		{`héllo 'wörld ✓'`, []string{"héllo", "wörld ✓"}},
		{"\u00a0x", []string{"\u00a0x"}},
	}
	for _, tt := range tests {
		got, err := SplitWords(tt.line)
		if err != nil {
			t.Errorf("SplitWords(%q): %v", tt.line, err)
			continue
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("SplitWords(%q) = %q, want %q", tt.line, got, tt.want)
		}
	}
}

func TestSplitWordsErrors(t *testing.T) {
	tests := []struct{ line, want string }{
		{`msg='hello`, "unterminated single quote at column 5"},
		{`a "b`, "unterminated double quote at column 3"},
		{`é "b\"`, "unterminated double quote at column 3"},
		{`x=a\`, `backslash at the end of the line (column 4) escapes nothing; write \\ for a backslash`},
	}
	for _, tt := range tests {
		got, err := SplitWords(tt.line)
		if err == nil || err.Error() != tt.want {
			t.Errorf("SplitWords(%q) = %q, %v; want error %q", tt.line, got, err, tt.want)
		}
	}
}

func TestArgShellQuoteRoundTrips(t *testing.T) {
	for _, w := range []string{"", "plain", "a b", "it's", `"q"`, `\`, "tab\there", "x=1", `{"a":[1]}`, "ünï", "'"} {
		q := ShellQuote(w)
		got, err := SplitWords(q)
		if err != nil || len(got) != 1 || got[0] != w {
			t.Errorf("SplitWords(ShellQuote(%q) = %s) = %q, %v; want [%q]", w, q, got, err, w)
		}
	}
	if got := ShellQuote("x=1"); got != "x=1" {
		t.Errorf("ShellQuote(x=1) = %s, want it unquoted", got)
	}
}

func TestParseCommand(t *testing.T) {
	tests := []struct {
		line string
		want Command
	}{
		{"initialize", Command{Method: "initialize"}},
		{"  init  ", Command{Method: "initialize"}},
		{"init protocolVersion=2024-11-05", Command{Method: "initialize", Words: []string{"protocolVersion=2024-11-05"}}},
		{"tools/list", Command{Method: "tools/list"}},
		{"list --all", Command{Method: "tools/list", All: true}},
		{"ls cursor=abc --all", Command{Method: "tools/list", All: true, Words: []string{"cursor=abc"}}},
		{"tools/call echo", Command{Method: "tools/call", Tool: "echo"}},
		{`call echo text='hello world' times=2 meta:='{"a":1}'`, Command{Method: "tools/call", Tool: "echo",
			Words: []string{"text=hello world", "times=2", `meta:={"a":1}`}}},
		{`call 'my tool' x=1`, Command{Method: "tools/call", Tool: "my tool", Words: []string{"x=1"}}},
		{"ping", Command{Method: "ping"}},
		{"resources/read uri=file:///x", Command{Method: "resources/read", Target: "file:///x"}},
		{"read demo://readme", Command{Method: "resources/read", Target: "demo://readme"}},
		{"read 'https://x.example/a?b=c'", Command{Method: "resources/read", Target: "https://x.example/a?b=c"}},
		{"read repo://{owner}/{name} owner=a name=b", Command{Method: "resources/read", Target: "repo://{owner}/{name}", Words: []string{"owner=a", "name=b"}}},
		{"read {+path}/x path=/a", Command{Method: "resources/read", Target: "{+path}/x", Words: []string{"path=/a"}}},
		{"subscribe demo://clock", Command{Method: "resources/subscribe", Target: "demo://clock"}},
		{"resources/unsubscribe demo://clock", Command{Method: "resources/unsubscribe", Target: "demo://clock"}},
		{"resources --all", Command{Method: "resources/list", All: true}},
		{"templates cursor=x", Command{Method: "resources/templates/list", Words: []string{"cursor=x"}}},
		{"prompts", Command{Method: "prompts/list"}},
		{"prompt review_code language=go 'code=a b'", Command{Method: "prompts/get", Target: "review_code", Words: []string{"language=go", "code=a b"}}},
		// A prompt a server named "" is got quoted, as Tab writes it.
		{"prompt '' a=1", Command{Method: "prompts/get", Target: "", Words: []string{"a=1"}}},
		{"read uri=demo://x", Command{Method: "resources/read", Target: "demo://x"}},
		{"read 'uri=demo://x'", Command{Method: "resources/read", Target: "uri=demo://x"}},
		{"loglevel warning", Command{Method: "logging/setLevel", Target: "warning"}},
		{"logging/setLevel level=debug", Command{Method: "logging/setLevel", Target: "debug"}},
		{"complete prompt review_code language=g", Command{Method: "completion/complete", Target: "review_code", Words: []string{"language=g"},
			Params: json.RawMessage(`{"argument":{"name":"language","value":"g"},"ref":{"type":"ref/prompt","name":"review_code"}}`)}},
		{"completion/complete ref/resource repo://{owner}/{name} name= owner=x", Command{Method: "completion/complete", Target: "repo://{owner}/{name}", Words: []string{"name=", "owner=x"},
			Params: json.RawMessage(`{"argument":{"name":"name","value":""},"context":{"arguments":{"owner":"x"}},"ref":{"type":"ref/resource","uri":"repo://{owner}/{name}"}}`)}},
		{`resources/read {"uri": "file:///it's"}`, Command{Method: "resources/read", Params: json.RawMessage(`{"uri": "file:///it's"}`)}},
		{`resources/read '{"uri":"x"}'`, Command{Method: "resources/read", Params: json.RawMessage(`{"uri":"x"}`)}},
		{`init {"protocolVersion":"2025-03-26"}`, Command{Method: "initialize", Params: json.RawMessage(`{"protocolVersion":"2025-03-26"}`)}},
	}
	for _, tt := range tests {
		got, err := ParseCommand(tt.line)
		if err != nil {
			t.Errorf("ParseCommand(%q): %v", tt.line, err)
			continue
		}
		tt.want.Line = strings.TrimSpace(tt.line)
		if got.Method != tt.want.Method || got.Tool != tt.want.Tool || got.Target != tt.want.Target || !slices.Equal(got.Words, tt.want.Words) ||
			string(got.Params) != string(tt.want.Params) || got.All != tt.want.All || got.Line != tt.want.Line {
			t.Errorf("ParseCommand(%q) = %+v, want %+v", tt.line, got, tt.want)
		}
	}
}

func TestParseCommandErrors(t *testing.T) {
	tests := []struct{ line, want string }{
		{"", "empty command"},
		{"   ", "empty command"},
		{"tools/call", "tools/call needs the tool name before its arguments"},
		{"call x=1", "tools/call needs the tool name before its arguments"},
		{`call {"a":1}`, "tools/call needs the tool name before its arguments"},
		{"call echo 'x=1", "unterminated single quote at column 11"},
		{"'init", "unterminated single quote at column 1"},
		{"list --bogus", `tools/list takes only --all and cursor=X, not "--bogus"`},
		{"list page=2", `tools/list takes only --all and cursor=X, not "page=2"`},
		{"ping extra", `"extra": expected key=value or key:=json`},
		{`ping {"a":`, `params for ping are not one JSON object (the JSON ends before it is complete: a closing "}", "]" or double quote is missing)`},
		{`ping {"a":1} {"b":2}`, `params for ping are not one JSON object (more text follows the end of the JSON value at byte 8: {"a":1} ▶{"b":2})`},
		{`ping '[1]' x=1`, `"[1]": expected key=value or key:=json`},
		{"x=1", `"x=1" is not a method name`},
		{"Call echo", `"echo": expected key=value or key:=json`}, // aliases are exact, not guessed
		{`'' x=1`, `"" is not a method name`},
		{"resources/read", "resources/read needs a URI or a URI template first"},
		{"prompts/get", "prompts/get needs the prompt's name first"},
		{"prompts/get  ", "prompts/get needs the prompt's name first"},
		{"read ''", "resources/read needs a URI or a URI template first"},
		{"prompt language=go", "prompts/get needs the prompt's name before its arguments"},
		{"read demo://readme x=1", "a URI takes no key=value words"},
		{"read repo://{owner x=1", "is not a URI template"},
		{"read notes://{tag} tag:=[[1]]", "nested too deep"},
		{"loglevel", "logging/setLevel takes one level: debug, info"},
		{"loglevel loud", `"loud": not a log level; use one of debug, info, notice, warning, error, critical, alert, emergency`},
		{"complete review_code language=g", "completion/complete takes prompt NAME or resource TEMPLATE"},
		{"complete prompt review_code", "completion/complete takes prompt NAME or resource TEMPLATE"},
		{"complete prompt review_code language:=1", "completion works on strings"},
		{"prompts --bogus", `prompts/list takes only --all and cursor=X, not "--bogus"`},
	}
	for _, tt := range tests {
		got, err := ParseCommand(tt.line)
		if err == nil {
			t.Errorf("ParseCommand(%q) = %+v, want an error containing %q", tt.line, got, tt.want)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseCommand(%q) error = %q, want it to contain %q", tt.line, err, tt.want)
		}
		if strings.Contains(err.Error(), "\n") {
			t.Errorf("ParseCommand(%q) error = %q, want one line: what is wrong and what to type", tt.line, err)
		}
	}
}

func ExampleParseCommand() {
	for _, line := range []string{
		`call echo text='hello world' times=2`,
		`ls --all`,
		`resources/read {"uri": "file:///notes.txt"}`,
	} {
		cmd, err := ParseCommand(line)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("method=%s tool=%q words=%q params=%s all=%v\n", cmd.Method, cmd.Tool, cmd.Words, cmd.Params, cmd.All)
	}
	_, err := ParseCommand("call")
	fmt.Println(err)
	// Output:
	// method=tools/call tool="echo" words=["text=hello world" "times=2"] params= all=false
	// method=tools/list tool="" words=[] params= all=true
	// method=resources/read tool="" words=[] params={"uri": "file:///notes.txt"} all=false
	// tools/call needs the tool name before its arguments
}

func FuzzSplitWords(f *testing.F) {
	for _, seed := range []string{
		`a b c`, `msg='hello world'`, `msg="a \"b\""`, `x=\ y`, `'unterminated`, `"also`, `trailing\`,
		"a\\\nb", `'it'\''s'`, `"\\\"\x"`, "é 'ü' \"✓\"", "\xff'\xfe'", `k:='{"a":[1,"b"]}'`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, line string) {
		words, err := SplitWords(line)
		if err != nil {
			if !strings.Contains(err.Error(), "column ") {
				t.Errorf("SplitWords(%q) error %q does not name a column", line, err)
			}
			return
		}
		quoted := make([]string, len(words))
		for i, w := range words {
			quoted[i] = ShellQuote(w)
		}
		again, err := SplitWords(strings.Join(quoted, " "))
		if err != nil || !slices.Equal(again, words) {
			t.Errorf("SplitWords(%q) = %q; quoted back and split again = %q, %v", line, words, again, err)
		}
		if _, err := ParseCommand(line); err != nil && strings.Contains(err.Error(), "\n") {
			t.Errorf("ParseCommand(%q) error %q is more than one line", line, err)
		}
	})
}

func TestSplitPartial(t *testing.T) {
	tests := []struct {
		line string
		want []Word
	}{
		{`tools/call greet name='Ann B`, []Word{{"tools/call", 0, 10}, {"greet", 11, 16}, {"name=Ann B", 17, 28}}},
		{`x "a\"b`, []Word{{"x", 0, 1}, {`a"b`, 2, 7}}},
		{`a\`, []Word{{"a", 0, 2}}},
		{`  `, nil},
	}
	for _, tt := range tests {
		got := SplitPartial(tt.line)
		if len(got) != len(tt.want) {
			t.Errorf("SplitPartial(%q) = %+v, want %+v", tt.line, got, tt.want)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("SplitPartial(%q)[%d] = %+v, want %+v", tt.line, i, got[i], tt.want[i])
			}
		}
	}
}

func TestUsage(t *testing.T) {
	for _, tc := range []struct{ method, want string }{
		{"prompts/get", "prompts/get NAME [arg=value ...] (alias: prompt)"},
		{"resources/read", "resources/read URI (alias: read)\nresources/read TEMPLATE [var=value ...] (fills an RFC 6570 template, e.g. repo://{owner}/{name})"},
		// Its own line: "unsubscribe likewise" on subscribe's left
		// the command line's hint for it the one of an unknown method.
		{"resources/unsubscribe", "resources/unsubscribe URI|TEMPLATE [var=value ...] (alias: unsubscribe)"},
		{"no/such", ""},
	} {
		if got := Usage(tc.method); got != tc.want {
			t.Errorf("Usage(%q) = %q, want %q", tc.method, got, tc.want)
		}
	}
	if !IsList("prompts/list") || IsList("prompts/get") {
		t.Errorf("IsList: prompts/list %v, prompts/get %v; want true, false", IsList("prompts/list"), IsList("prompts/get"))
	}
}
