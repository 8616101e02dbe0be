package mcp

import (
	"bytes"
	"encoding/json"
	"testing"
)

func TestPeekMessage(t *testing.T) {
	tests := []struct {
		in                               string
		ok                               bool
		id, method, result, errv, params string
	}{
		{`{"jsonrpc":"2.0","id":3,"result":{"a":[1,{"b":"}"}]}}`, true, "3", "", `{"a":[1,{"b":"}"}]}`, "", ""},
		{`{"result":{},"jsonrpc":"2.0","id":"x\"y"}`, true, `"x\"y"`, "", `{}`, "", ""},
		{` { "id" : 1 , "method" : "ping" } `, true, "1", `ping`, "", "", ""},
		{`{"id":1,"method":"a\u0041"}`, true, "1", `aA`, "", "", ""},
		{`{"id":tru,"method":"ping"}`, false, "", "", "", "", ""},
		{`{"id":1,"method":"ping"} trailing`, false, "", "", "", "", ""},
		{`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"bad \\"}}`, true, "null", "", "", `{"code":-32700,"message":"bad \\"}`, ""},
		{`{"method":"notifications/progress","params":{"progress":1}}`, true, "", `notifications/progress`, "", "", `{"progress":1}`},
		{`{}`, true, "", "", "", "", ""},
		{`[1]`, false, "", "", "", "", ""},
		{`{"id":1,`, false, "", "", "", "", ""},
		{`{"id":"unterminated}`, false, "", "", "", "", ""},
		{`not json`, false, "", "", "", "", ""},
		{`{"a\`, false, "", "", "", "", ""}, // a backslash as the last byte
		{`{"id":"\\\`, false, "", "", "", "", ""},
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
		got := []string{string(p.id), p.method, string(p.result), string(p.errv), string(p.params)}
		want := []string{tt.id, tt.method, tt.result, tt.errv, tt.params}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("peekMessage(%s) member %d = %q, want %q", tt.in, i, got[i], want[i])
			}
		}
	}
}

func TestPeekToolError(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{`{"id":1,"result":{"content":[{"isError":false}],"isError":true}}`, true},
		{`{"id":1,"result":{"content":[{"isError":true}],"isError":false}}`, false}, // nested is not the result's own
		{`{"id":1,"result":{"isError" : true ,"content":[]}}`, true},
		{`{"id":1,"result":{"isError":"true"}}`, false},
		{`{"id":1,"result":{"text":"isError","x":1}}`, false},
		{`{"id":1,"result":{"isError":true,"isError":false}}`, false}, // the last duplicate wins
		{`{"id":1,"result":{"isError":true},"result":7}`, false},
		{`{"id":1,"error":{"isError":true}}`, false},
	}
	for _, tt := range tests {
		p, ok := peekMessage([]byte(tt.in))
		if !ok || p.toolError != tt.want {
			t.Errorf("peekMessage(%s) ok %v toolError %v, want toolError %v", tt.in, ok, p.toolError, tt.want)
		}
	}
}

func FuzzPeekMessage(f *testing.F) {
	f.Add(`{"jsonrpc":"2.0","id":3,"result":{"a":[1,{"b":"}"}]}}`)
	f.Add(`{"id":"\\\"","method":"x"}`)
	f.Add(`{"id":1,"result":{"content":[],"isError":true}}`)
	f.Add(`{"\`)
	f.Add(`{"method":"ping","id":"a","params":{"x":[1,2,{"y":null}]}}`)
	f.Fuzz(func(t *testing.T, s string) {
		p, ok := peekMessage([]byte(s))
		if ok && len(p.id)+len(p.result)+len(p.errv) > len(s) {
			t.Fatalf("members longer than the input")
		}
		// The peek agrees with encoding/json: it takes exactly the objects
		// encoding/json reads, with the same members (the last of
		// duplicates), keys spelled with \u escapes read as decoded.
		var full map[string]json.RawMessage
		valid := json.Unmarshal([]byte(s), &full) == nil && full != nil
		if ok != valid {
			t.Fatalf("peekMessage ok = %v, encoding/json says %v, for %q", ok, valid, s)
		}
		if !valid {
			return
		}
		var method string
		if m, has := full["method"]; has && json.Unmarshal(m, &method) == nil && method != p.method {
			t.Fatalf("method %q, encoding/json says %q", p.method, method)
		}
		for key, got := range map[string][]byte{"id": p.id, "result": p.result, "error": p.errv, "params": p.params} {
			if want, has := full[key]; has != (got != nil) || has && !bytes.Equal(bytes.TrimSpace(want), got) {
				t.Fatalf("member %s = %q, encoding/json says %q (present %v)", key, got, want, has)
			}
		}
		var res map[string]json.RawMessage
		wantErr := false
		if r := full["result"]; len(r) > 0 && r[0] == '{' && json.Unmarshal(r, &res) == nil {
			wantErr = string(res["isError"]) == "true"
		}
		if p.toolError != wantErr {
			t.Fatalf("toolError = %v, encoding/json says %v, in %q", p.toolError, wantErr, s)
		}
	})
}
