package history

import (
	"reflect"
	"testing"
)

// A number a record's field cannot hold is told with the numbers it can,
// right for each width and sign (a 64-bit field's bounds are the ones
// that overflow when worked out naively).
func TestNumberRangeSaysWhatEachFieldHolds(t *testing.T) {
	var p *uint16
	for _, c := range []struct {
		t    reflect.Type
		want string
	}{
		{reflect.TypeFor[int8](), "a whole number from -128 to 127"},
		{reflect.TypeFor[int32](), "a whole number from -2147483648 to 2147483647"},
		{reflect.TypeFor[int64](), "a whole number from -9223372036854775808 to 9223372036854775807"},
		{reflect.TypeFor[uint8](), "a whole number from 0 to 255"},
		{reflect.TypeOf(p), "a whole number from 0 to 65535"},
		{reflect.TypeFor[uint64](), "a whole number from 0 to 18446744073709551615"},
		{reflect.TypeFor[float32](), "a number from -3.4028234663852886e+38 to 3.4028234663852886e+38"},
		{reflect.TypeFor[float64](), "a number from -1.7976931348623157e+308 to 1.7976931348623157e+308"},
	} {
		if got := numberRange(c.t); got != c.want {
			t.Errorf("numberRange(%v) = %q, want %q", c.t, got, c.want)
		}
	}
}
