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
	for _, body := range []string{
		`[1, {"jsonrpc":"2.0","id":7,"method":"ping"}]`,
		`[{"jsonrpc":"2.0","id":8,"method":5}, {"jsonrpc":"2.0","id":7,"method":"ping"}, {"jsonrpc":"2.0","method":"notifications/initialized"}]`,
	} {
		if ids := peek([]byte(body)).requestIDs(); !slices.Equal(ids, []string{"7"}) {
			t.Errorf("peek(%s).ids = %q, want [7]", body, ids)
		}
	}
	if ids := peek([]byte(`[{"id":7,"method":"ping"}`)).requestIDs(); ids != nil {
		t.Errorf("a batch that is not JSON gave ids %q, want none", ids)
	}
}
