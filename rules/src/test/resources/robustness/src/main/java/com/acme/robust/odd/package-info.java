/** A package with only its documentation and annotations. */
@Deprecated
package com.acme.robust.odd;
