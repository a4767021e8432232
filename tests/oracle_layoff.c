/* placeholder */
#include "oracle.h"
