// The status checked is an HTTP response's (a library type), not stored state: no finding.
package com.example.idem004.neg03;

import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.core.Response;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Component;

@Component
public class Pinger {

    private final Client client;
    private final PingMapper pingMapper;

    public Pinger(Client client, PingMapper pingMapper) {
        this.client = client;
        this.pingMapper = pingMapper;
    }

    public void ping(long targetId, String url) {
        Response response = client.target(url).request().post(Entity.text("ping"));
        if (response.getStatus() == 200) {
            pingMapper.updateLastOk(targetId);
        }
    }
}

@Mapper
interface PingMapper {

    @Update("UPDATE ping_target SET last_ok = NOW() WHERE id = #{id}")
    int updateLastOk(@Param("id") long id);
}
