// GNU FriBidi (LGPL-2.1+, linked dynamically): the Unicode Bidirectional Algorithm (UAX #9).
#include <fribidi/fribidi.h>
