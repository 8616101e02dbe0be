package command

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestParseConversation(t *testing.T) {
	result := json.RawMessage(`{"description":"A review","messages":[
		{"role":"user","content":{"type":"text","text":"Look at this:\nline two"}},
		{"role":"assistant","content":{"type":"image","mimeType":"image/png","data":"iVBORw0K"}},
		{"role":"user","content":{"type":"resource","resource":{"uri":"notes://mcp","mimeType":"text/plain","text":"a note"}}},
		{"role":"user","content":{"type":"resource","resource":{"uri":"demo://logo.png","mimeType":"image/png","blob":"AAEC"}}},
		{"role":"user","content":{"type":"resource_link","uri":"demo://readme","name":"readme"}},
		{"role":"user","content":{"type":"audio","mimeType":"audio/wav","data":"%%%"}},
		{"role":"user","content":{"type":"hologram"}}]}`)
	desc, turns, err := ParseConversation(result)
	if err != nil || desc != "A review" {
		t.Fatalf("= %q, %v", desc, err)
	}
	var lines []string
	for _, tr := range turns {
		lines = append(lines, tr.String())
	}
	want := []string{
		"user: Look at this:\n      line two",
		"assistant: [image image/png, 6 bytes]",
		"user: [resource notes://mcp (text/plain)]\n      a note",
		"user: [resource demo://logo.png (image/png), 3 bytes]",
		"user: [resource link demo://readme]",
		"user: [audio audio/wav, 3 base64 characters, not valid base64]",
		"user: [hologram content]",
	}
	if strings.Join(lines, "\n--\n") != strings.Join(want, "\n--\n") {
		t.Errorf("conversation:\n%s\nwant:\n%s", strings.Join(lines, "\n--\n"), strings.Join(want, "\n--\n"))
	}
	if _, _, err := ParseConversation(json.RawMessage(`[]`)); err == nil {
		t.Error("an array read as a prompts/get result")
	}
}

func TestContentsBytes(t *testing.T) {
	cs, err := ParseContents(json.RawMessage(`{"contents":[{"uri":"a","text":"héllo"},{"uri":"b","blob":"AAEC"},{"uri":"c","blob":"!!"},{"uri":"d"}]}`))
	if err != nil || len(cs) != 4 {
		t.Fatalf("= %v, %v", cs, err)
	}
	if b, _ := cs[0].Bytes(); string(b) != "héllo" {
		t.Errorf("text contents: %q", b)
	}
	if b, _ := cs[1].Bytes(); string(b) != "\x00\x01\x02" {
		t.Errorf("blob contents: %q", b)
	}
	if _, err := cs[2].Bytes(); err == nil {
		t.Errorf("a blob that is not base64: %v", err)
	}
	if b, err := cs[3].Bytes(); b != nil || err != nil {
		t.Errorf("empty contents: %q %v", b, err)
	}
}

func TestParseResultInfo(t *testing.T) {
	tests := []struct{ result, want string }{
		{`{}`, "resultType complete (not stated; a missing one counts as complete)"},
		{`{"resultType":"complete","ttlMs":60000,"cacheScope":"public"}`, "resultType complete · ttlMs 60000 · cacheScope public"},
		{`{"resultType":"input_required"}`, "resultType input_required"},
		{`{"ttlMs":0}`, "resultType complete (not stated; a missing one counts as complete) · ttlMs 0"},
		// null is no value: not stated, and never a ttlMs of 0 (do not cache).
		{`{"resultType":null,"ttlMs":null,"cacheScope":null}`, "resultType complete (not stated; a missing one counts as complete)"},
		{`not json`, "resultType complete (not stated; a missing one counts as complete)"},
		// "" and a word the protocol does not define are said, as written.
		{`{"cacheScope":""}`, "resultType complete (not stated; a missing one counts as complete) · cacheScope \"\" (not public or private, the scopes the protocol defines)"},
		{`{"resultType":"complete","cacheScope":"everyone"}`, "resultType complete · cacheScope \"everyone\" (not public or private, the scopes the protocol defines)"},
		// <, > and & as the server wrote them, not as \u003c: "as
		// written" read "per\u003cuser\u003e".
		{`{"resultType":"complete","cacheScope":"per<user>&x"}`, "resultType complete · cacheScope \"per<user>&x\" (not public or private, the scopes the protocol defines)"},
		{`{"resultType":5,"ttlMs":1e400,"cacheScope":["x"]}`, "resultType 5 (not a string) · ttlMs 1e400 (past the largest whole number of milliseconds, 9223372036854775807) · cacheScope [\"x\"] (not a string)"},
		{`{"resultType":"complete","ttlMs":1e3}`, "resultType complete · ttlMs 1000"},
		{`{"resultType":"complete","ttlMs":-1e300}`, "resultType complete · ttlMs -1e300 (negative: no time a result can be kept)"},
		{`{"resultType":"complete","ttlMs":1.5}`, "resultType complete · ttlMs 1.5 (not a whole number of milliseconds)"},
	}
	for _, tt := range tests {
		if got := ParseResultInfo(json.RawMessage(tt.result)).String(); got != tt.want {
			t.Errorf("ParseResultInfo(%s) = %q, want %q", tt.result, got, tt.want)
		}
	}
}

func TestParseCompletion(t *testing.T) {
	c, err := ParseCompletion(json.RawMessage(`{"completion":{"values":["a","b"],"total":10,"hasMore":true}}`))
	if err != nil || len(c.Values) != 2 || *c.Total != 10 || !c.HasMore {
		t.Errorf("= %+v, %v", c, err)
	}
}

func TestParseCompletionKeepsTheStringsOfAnOddAnswer(t *testing.T) {
	c, err := ParseCompletion(json.RawMessage(`{"completion":{"values":["a",1,null,{},"b"],"total":"lots","hasMore":"yes"}}`))
	if err != nil || strings.Join(c.Values, ",") != "a,b" || c.NotStrings != 3 || c.Total != nil || c.HasMore {
		t.Errorf("= %+v, %v; want values a and b, 3 not strings, no total, no more", c, err)
	}
	if _, err := ParseCompletion(json.RawMessage(`{"completion":{"values":"a"}}`)); err == nil {
		t.Error("values that are not an array read without an error")
	}
}
