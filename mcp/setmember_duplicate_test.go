package mcp

import (
	"encoding/json"
	"testing"
)

// Params holding a key twice get every copy replaced: a JSON decoder reads
// the last copy, so replacing only the first sent the server the user's
// old requestState beside the one it asked to have echoed.
func TestSetMemberReplacesEveryCopy(t *testing.T) {
	in := json.RawMessage(`{"requestState":1,"name":"t","requestState":2}`)
	got := string(setMember(in, "requestState", []byte(`"s"`)))
	if want := `{"requestState":"s","name":"t","requestState":"s"}`; got != want {
		t.Errorf("setMember(%s) = %s, want %s", in, got, want)
	}
	var read struct {
		RequestState string `json:"requestState"`
	}
	if err := json.Unmarshal([]byte(got), &read); err != nil || read.RequestState != "s" {
		t.Errorf("a decoder reads requestState %q (%v), want the one set", read.RequestState, err)
	}
}
