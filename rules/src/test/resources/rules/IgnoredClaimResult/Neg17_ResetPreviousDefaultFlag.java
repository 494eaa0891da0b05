// Seen in an open-source shop: before saving an address as the default, the member's previous default is cleared
// (SET default_status = 0 WHERE member_id = ? AND default_status = 1); 0 rows is normal (no previous default), and the
// next write concerns another row. A flag reset, not a claim: no finding.
package com.example.n005.neg17;

public class AddressService {

    private AddressMapper addressMapper;

    public int update(long memberId, Address address) {
        if (address.getDefaultStatus() == 1) {
            Address record = new Address();
            record.setDefaultStatus(0);
            AddressExample clear = new AddressExample();
            clear.createCriteria().andMemberIdEqualTo(memberId).andDefaultStatusEqualTo(1);
            addressMapper.updateByExampleSelective(record, clear);
        }
        AddressExample byId = new AddressExample();
        byId.createCriteria().andMemberIdEqualTo(memberId).andIdEqualTo(address.getId());
        return addressMapper.updateByExampleSelective(address, byId);
    }
}

interface AddressMapper {
    int updateByExampleSelective(Address record, AddressExample example);
}

class AddressExample {
    Criteria createCriteria() { return new Criteria(); }

    static class Criteria {
        Criteria andMemberIdEqualTo(Long v) { return this; }
        Criteria andIdEqualTo(Long v) { return this; }
        Criteria andDefaultStatusEqualTo(Integer v) { return this; }
    }
}

class Address {
    private Long id;
    private Integer defaultStatus;

    public Long getId() { return id; }
    public Integer getDefaultStatus() { return defaultStatus; }
    public void setDefaultStatus(Integer v) { this.defaultStatus = v; }
}
