// Deleting a selector also deletes the handlers selected by the selector's id, in one transaction: a cascade under one parent the caller named, all or nothing by design; no finding.
package com.example.idem002.neg14;

import java.util.List;
import org.apache.ibatis.annotations.Delete;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Service
public class SelectorService {

    private final HandlerMapper handlerMapper;

    public SelectorService(HandlerMapper handlerMapper) {
        this.handlerMapper = handlerMapper;
    }

    @Transactional(rollbackFor = Exception.class)
    public void delete(String selectorId) {
        List<Handler> handlers = handlerMapper.selectBySelector(selectorId);
        for (Handler h : handlers) {
            handlerMapper.deleteUpstreams(h.getId());
            handlerMapper.deleteById(h.getId());
        }
        handlerMapper.deleteSelector(selectorId);
    }
}

@Mapper
interface HandlerMapper {

    @Select("SELECT id FROM discovery_handler WHERE selector_id = #{selectorId}")
    List<Handler> selectBySelector(@Param("selectorId") String selectorId);

    @Delete("DELETE FROM discovery_upstream WHERE handler_id = #{id}")
    int deleteUpstreams(@Param("id") String id);

    @Delete("DELETE FROM discovery_handler WHERE id = #{id}")
    int deleteById(@Param("id") String id);

    @Delete("DELETE FROM selector WHERE id = #{id}")
    int deleteSelector(@Param("id") String id);
}

class Handler {
    private String id;

    public String getId() { return id; }
}
