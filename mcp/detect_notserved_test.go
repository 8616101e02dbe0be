package mcp

import (
	"net/http"
	"testing"
)

// A reconnect refused in a way that says "not this transport here" finds
// the URL's era again; one that only waited (a slow server) does not, or
// every r on a slow server would wait out each candidate's timeout.
func TestNotServed(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want bool
	}{
		{&WireError{Cause: CauseStatus, Status: http.StatusNotFound}, true},
		{&WireError{Cause: CauseStatus, Status: http.StatusMethodNotAllowed}, true},
		{&WireError{Cause: CauseNotEventStream}, true},
		{&WireError{Cause: CauseStatus, Status: http.StatusUnauthorized}, false},
		{&WireError{Cause: CauseStatus, Status: http.StatusInternalServerError}, false},
		{&WireError{Cause: CauseConnectTimeout}, false},
		{&WireError{Cause: CauseEndpointTimeout}, false},
		{&WireError{Cause: CauseUnreachable}, false},
	} {
		if got := notServed(tc.err); got != tc.want {
			t.Errorf("notServed(%v %d) = %v, want %v", CauseOf(tc.err), tc.err.(*WireError).Status, got, tc.want)
		}
	}
}
