// The interface method carries @Transactional; its implementation pushes each record to a partner over HTTP and writes a sync mark inside that one transaction (error).
package com.example.idem002.pos04;

import java.util.List;
import java.util.Map;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.client.RestTemplate;

interface PartnerSyncService {

    @Transactional
    void syncAll();
}

@Service
public class PartnerSyncServiceImpl implements PartnerSyncService {

    private final RecordMapper recordMapper;
    private final RestTemplate restTemplate;

    public PartnerSyncServiceImpl(RecordMapper recordMapper, RestTemplate restTemplate) {
        this.recordMapper = recordMapper;
        this.restTemplate = restTemplate;
    }

    @Override
    public void syncAll() {
        List<Record> records = recordMapper.selectUnsynced();
        for (Record r : records) { // expect: IDEM002 "calls a remote service inside the transaction"
            restTemplate.postForObject("https://partner.example.com/records", Map.of("id", r.getId()), String.class);
            recordMapper.updateSyncStatus(r.getId(), "SYNCED");
        }
    }
}

@Mapper
interface RecordMapper {

    @Select("SELECT id FROM partner_record WHERE sync_status = 'NEW'")
    List<Record> selectUnsynced();

    @Update("UPDATE partner_record SET sync_status = #{status} WHERE id = #{id}")
    int updateSyncStatus(@Param("id") long id, @Param("status") String status);
}

class Record {
    private Long id;

    public Long getId() { return id; }
}
