package mcp

import "testing"

func TestPeekMessage(t *testing.T) {
	tests := []struct {
		in                               string
		ok                               bool
		id, method, result, errv, params string
	}{
		{`{"jsonrpc":"2.0","id":3,"result":{"a":[1,{"b":"}"}]}}`, true, "3", "", `{"a":[1,{"b":"}"}]}`, "", ""},
		{`{"result":{},"jsonrpc":"2.0","id":"x\"y"}`, true, `"x\"y"`, "", `{}`, "", ""},
		{` { "id" : 1 , "method" : "ping" } `, true, "1", `"ping"`, "", "", ""},
		{`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"bad \\"}}`, true, "null", "", "", `{"code":-32700,"message":"bad \\"}`, ""},
		{`{"method":"notifications/progress","params":{"progress":1}}`, true, "", `"notifications/progress"`, "", "", `{"progress":1}`},
		{`{}`, true, "", "", "", "", ""},
		{`[1]`, false, "", "", "", "", ""},
		{`{"id":1,`, false, "", "", "", "", ""},
		{`{"id":"unterminated}`, false, "", "", "", "", ""},
		{`not json`, false, "", "", "", "", ""},
	}
	for _, tt := range tests {
		p, ok := peekMessage([]byte(tt.in))
		if ok != tt.ok {
			t.Errorf("peekMessage(%s) ok = %v, want %v", tt.in, ok, tt.ok)
			continue
		}
		if !ok {
			continue
		}
		got := []string{string(p.id), string(p.method), string(p.result), string(p.errv), string(p.params)}
		want := []string{tt.id, tt.method, tt.result, tt.errv, tt.params}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("peekMessage(%s) member %d = %q, want %q", tt.in, i, got[i], want[i])
			}
		}
	}
}

func TestHasTrueMember(t *testing.T) {
	if !hasTrueMember([]byte(`{"content":[{"isError":false}],"isError":true}`), "isError") {
		t.Error("isError: true at the top level was missed")
	}
	if hasTrueMember([]byte(`{"content":[{"isError":true}],"isError":false}`), "isError") {
		t.Error("a nested isError was taken for the result's own")
	}
}

func TestUnquote(t *testing.T) {
	for in, want := range map[string]string{`"tools/list"`: "tools/list", `"a\u0041"`: "aA", `3`: "", `"bad\`: ""} {
		if got := unquote([]byte(in)); got != want {
			t.Errorf("unquote(%s) = %q, want %q", in, got, want)
		}
	}
}

func FuzzPeekMessage(f *testing.F) {
	f.Add(`{"jsonrpc":"2.0","id":3,"result":{"a":[1,{"b":"}"}]}}`)
	f.Add(`{"id":"\\\"","method":"x"}`)
	f.Fuzz(func(t *testing.T, s string) {
		p, ok := peekMessage([]byte(s))
		if ok && len(p.id)+len(p.method)+len(p.result)+len(p.errv) > len(s) {
			t.Fatalf("members longer than the input")
		}
	})
}

func TestMentionsTrue(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{`{"isError":false}`, false},
		{`{"isError" : true}`, true},
		{`{"content":[{"isError": true}]}`, true}, // a hint only: the walk decides
		{`{"isError":"true"}`, false},
		{`{"a":1}`, false},
	}
	for _, tt := range tests {
		if got := mentionsTrue([]byte(tt.in), `"isError"`); got != tt.want {
			t.Errorf("mentionsTrue(%s) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
