def log = new File(basedir, 'build.log').text
assert log.contains('idemcheck: skipped (idemcheck.skip=true)')
assert !new File(basedir, 'target/idemcheck').exists()
assert !log.contains('[IDEM001]')
assert log.contains('BUILD SUCCESS')
return true
