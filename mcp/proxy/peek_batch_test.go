package proxy

import (
	"slices"
	"testing"
)

// A batch's request ids, which tell two stateless clients of one identity
// apart, are read past a member that is no request object: one number in
// the batch made the whole batch give none, so two such batches both
// using id 7 were filed in one session.
func TestPeekReadsBatchIDsPastAMemberThatIsNoObject(t *testing.T) {
	// A method that is no string still makes a request, as the Observer
	// logs it: one waiting for its answer.
	for body, want := range map[string][]string{
		`[1, {"jsonrpc":"2.0","id":7,"method":"ping"}]`: {"7"},
		`[{"jsonrpc":"2.0","id":8,"method":5}, {"jsonrpc":"2.0","id":7,"method":"ping"}, {"jsonrpc":"2.0","method":"notifications/initialized"}]`: {"8", "7"},
	} {
		if ids := peek([]byte(body)).requestIDs(); !slices.Equal(ids, want) {
			t.Errorf("peek(%s).ids = %q, want %q", body, ids, want)
		}
	}
	if ids := peek([]byte(`[{"id":7,"method":"ping"}`)).requestIDs(); ids != nil {
		t.Errorf("a batch that is not JSON gave ids %q, want none", ids)
	}
}
