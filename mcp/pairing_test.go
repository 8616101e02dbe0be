package mcp

import (
	"runtime"
	"strconv"
	"testing"
	"weak"
)

// The ids pairing keeps to tell a duplicate answer are copies: an id taken
// as a view of an answer's bytes must not keep the answer (a proxy relaying
// 20 MB answers held the last 256 of them), and a foreign answer's id and
// event name are copied alike.
func TestKeptIDsDoNotHoldTheirMessages(t *testing.T) {
	answer := make([]byte, 8<<20)
	copy(answer, `{"id":"abc"}`)
	gone := weak.Make(&answer[0])
	pr := newPairing()
	pr.add("\"abc\"", &pending{seq: 7})
	id := stringOf(answer[6:11])
	if _, _, class := pr.take(id); class != ClassResponse {
		t.Fatalf("take = %s, want a response", class)
	}
	s := NewSession(Config{URL: "http://127.0.0.1:1/sse"})
	defer s.Close()
	s.mu.Lock()
	s.rememberForeign(foreignAnswer{seq: 9, id: stringOf(answer[6:11]), event: stringOf(answer[1:3])})
	s.mu.Unlock()
	answer = nil
	runtime.GC()
	if gone.Value() != nil {
		t.Errorf("the 8 MiB answer is still held after its id was kept")
	}
	if _, seq, class := pr.take(`"abc"`); class != ClassDuplicate || seq != 7 {
		t.Errorf("a second answer: %s (seq %d), want a duplicate of 7", class, seq)
	}
}

// Requests given up on are kept as answered ones are, the latest few: a
// proxied client whose refused batches kept bringing new ids grew the
// pairing for the whole session. An answer that comes after is late once,
// then a duplicate; an id used again is late for its newer request.
func TestAbandonedIDsAreBounded(t *testing.T) {
	pr := newPairing()
	const n = 10 * recentKept
	for i := range n {
		id := `"r` + strconv.Itoa(i) + `"`
		p := &pending{seq: int64(i + 1)}
		pr.add(id, p)
		if !pr.abandon(id, p) {
			t.Fatalf("abandon %s: the request was not waiting", id)
		}
	}
	if len(pr.open) != 0 {
		t.Fatalf("%d requests still open after all were given up", len(pr.open))
	}
	if _, _, class := pr.take(`"r0"`); class != ClassForeign {
		t.Errorf("an answer to the first of %d requests given up on: %s, want it forgotten (foreign)", n, class)
	}
	newest := `"r` + strconv.Itoa(n-1) + `"`
	if _, seq, class := pr.take(newest); class != ClassLate || seq != n {
		t.Errorf("an answer to the newest request given up on: %s (seq %d), want late for %d", class, seq, n)
	}
	if _, seq, class := pr.take(newest); class != ClassDuplicate || seq != n {
		t.Errorf("its second answer: %s (seq %d), want a duplicate of %d", class, seq, n)
	}
	// The id used again by a later request, given up on too.
	p := &pending{seq: n + 1}
	pr.add(newest, p)
	pr.abandon(newest, p)
	if _, seq, class := pr.take(newest); class != ClassLate || seq != n+1 {
		t.Errorf("an answer to the id's newer request: %s (seq %d), want late for %d", class, seq, n+1)
	}
}

// A second answer on the stream of a request answered already is that
// request's duplicate, even while a newer request with the same id waits
// on a stream of its own: a streamable server that answered request 5
// twice on its POST's stream did not answer the client's next request 5,
// which pairing by id alone said it had.
func TestASecondAnswerOnAStreamIsItsRequests(t *testing.T) {
	pr := newPairing()
	pr.add("5", &pending{seq: 3})
	if _, seq, class := pr.takeOn("5", 3); class != ClassResponse || seq != 3 {
		t.Fatalf("the answer on request 3's stream: %s (seq %d), want its response", class, seq)
	}
	pr.add("5", &pending{seq: 7})
	if _, seq, class := pr.takeOn("5", 3); class != ClassDuplicate || seq != 3 {
		t.Errorf("a second answer on request 3's stream: %s (seq %d), want a duplicate of 3", class, seq)
	}
	if _, seq, class := pr.takeOn("5", 7); class != ClassResponse || seq != 7 {
		t.Errorf("the answer on request 7's stream: %s (seq %d), want its response", class, seq)
	}
	pr.add("6", &pending{seq: 9, batch: 8})
	if _, seq, class := pr.takeOn("6", 8); class != ClassResponse || seq != 9 {
		t.Errorf("the answer on the stream of batch 8: %s (seq %d), want request 9's response", class, seq)
	}
}

// A request replaced under its id (the client sent the id again while it
// waited) whose answer came on a GET resumed (no POST's stream): the
// newer request took that answer, and the newer's own answer on its POST's
// stream is the replaced request's (it still waited), not a duplicate of
// the newer's, which left the replaced request unpaired for good.
func TestAnAnswerAfterOneOnAResumedGetPairsTheReplacedRequest(t *testing.T) {
	pr := newPairing()
	first := &pending{seq: 10}
	pr.add("7", first)
	pr.replace("7", first)
	pr.add("7", &pending{seq: 20})
	if _, seq, class := pr.takeOn("7", 0); class != ClassResponse || seq != 20 {
		t.Fatalf("the answer on a resumed GET: %s (seq %d), want the newer request's response", class, seq)
	}
	if _, seq, class := pr.takeOn("7", 20); class != ClassResponse || seq != 10 {
		t.Errorf("the answer on the newer request's stream: %s (seq %d), want the replaced request's response (10)", class, seq)
	}
}

// A request replaced under its id, and the newer one answered twice on its
// own POST's stream: the second answer is the newer request's duplicate,
// not the replaced request's answer, which made the replaced
// request's own answer, when it came, read as a duplicate.
func TestASecondAnswerOnTheNewerRequestsStreamIsItsDuplicate(t *testing.T) {
	pr := newPairing()
	first := &pending{seq: 10}
	pr.add("1", first)
	pr.replace("1", first)
	pr.add("1", &pending{seq: 20})
	if _, seq, class := pr.takeOn("1", 20); class != ClassResponse || seq != 20 {
		t.Fatalf("the answer on the newer request's stream: %s (seq %d), want its response", class, seq)
	}
	if _, seq, class := pr.takeOn("1", 20); class != ClassDuplicate || seq != 20 {
		t.Errorf("a second answer on the newer request's stream: %s (seq %d), want a duplicate of 20", class, seq)
	}
	if _, seq, class := pr.takeOn("1", 10); class != ClassResponse || seq != 10 {
		t.Errorf("the answer on the replaced request's stream: %s (seq %d), want 10's response", class, seq)
	}
}
