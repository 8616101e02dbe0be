package history

import (
	"testing"
)

// A large answer played back is an event and the message it carried, and
// the screen shows both (the event in Raw events, the message in Pairs and
// Detail). Reading either again must not make a second copy of the bytes
// they share: a 60 MB answer would cost 120 MB.
func TestPlaybackKeepsALargeEventAndItsMessageAsOneCopy(t *testing.T) {
	path := record(t, largeEventOf(2*bigRecord), RecordOptions{})
	r, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	src, err := openSource(path)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	if err := src.index(r, func() bool { return true }); err != nil {
		t.Fatal(err)
	}
	played, warnings, _, err := src.span(0, src.len())
	if err != nil || len(warnings) > 0 || len(played) != 2 {
		t.Fatalf("playback read %d records, warnings %q, err %v; want the event and its message", len(played), warnings, err)
	}
	// The order the panes ask in: the message's pair, then the event's
	// row, then the pair again.
	for round := range 2 {
		msg, err := src.record(1)
		if err != nil {
			t.Fatal(err)
		}
		ev, err := src.record(0)
		if err != nil {
			t.Fatal(err)
		}
		if ev.Event == nil || msg.RPC == nil {
			t.Fatalf("record 0 is %v and record 1 is %v; want the event and the message", ev.Kind, msg.Kind)
		}
		if !overlap(string(ev.Event.Data), string(msg.RPC.Raw)) || !overlap(string(played[0].Event.Raw), string(ev.Event.Raw)) {
			t.Fatalf("round %d: the event and its message were read back into separate copies of their %d bytes", round, len(msg.RPC.Raw))
		}
	}
}
