def log = new File(basedir, 'build.log').text
assert log.contains('idemcheck: 1 finding at or above severity warning, within the 1 allowed (maxAllowedViolations)')
assert log.contains('idemcheck: 1 finding at or above severity warning, more than the 0 allowed (maxAllowedViolations)')
return true
